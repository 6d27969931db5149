import { ApiError } from '../api-error.js';
import { validateAs } from '../validate.js';
import { IDENTITY_MESSAGES as M } from './messages.js';
import { RegisterDto } from './register.dto.js';

const errorOf = (body: unknown) => {
  try {
    validateAs(RegisterDto, body);
  } catch (error) {
    return (error as ApiError).message;
  }
  return undefined;
};

describe('RegisterDto', () => {
  it.each([
    [{}, M.credentialsRequired],
    [{ email: 'a@b.co' }, M.credentialsRequired],
    [{ password: 'longenough' }, M.credentialsRequired],
    [{ email: 'nope', password: 'longenough' }, M.invalidEmail],
    [{ email: 'a@b.co', password: 'short' }, M.passwordTooShort],
    [{ email: 'a@b.co', password: 'x'.repeat(129) }, M.passwordTooLong],
    [{ email: 'a@b.co', password: 'longenough', referralCode: 'has space' }, M.invalidReferralCode],
    [{ email: 'a@b.co', password: 'longenough', referralCode: 'x'.repeat(21) }, M.invalidReferralCode],
  ])('rejects %j with "%s"', (body, message) => {
    expect(errorOf(body)).toBe(message);
  });

  it('accepts a 64-character password and a hyphenated referral code', () => {
    expect(errorOf({ email: 'a@b.co', password: 'p'.repeat(64), referralCode: 'ABC-123' })).toBeUndefined();
  });
});
