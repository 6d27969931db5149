import { IDENTITY_MESSAGES } from '@contracts/identity/messages.js';
import { rules, validate } from './validation.js';

describe('form rules', () => {
  it.each([
    ['', IDENTITY_MESSAGES.emailRequired],
    ['not-an-email', IDENTITY_MESSAGES.invalidEmail],
    ['a@b', IDENTITY_MESSAGES.invalidEmail],
    ['a b@example.com', IDENTITY_MESSAGES.invalidEmail],
    ['ada@example.com', undefined],
  ])('email %j -> %s', (value, expected) => {
    expect(rules.email(value)).toBe(expected);
  });

  it.each([
    ['1234567', IDENTITY_MESSAGES.passwordTooShort],
    ['12345678', undefined],
    ['x'.repeat(128), undefined],
    ['x'.repeat(129), IDENTITY_MESSAGES.passwordTooLong],
  ])('new password of %#', (value, expected) => {
    expect(rules.newPassword(value)).toBe(expected);
  });

  it.each([
    ['   ', IDENTITY_MESSAGES.nameRequired],
    ['k'.repeat(65), IDENTITY_MESSAGES.nameTooLong],
    ['ci key', undefined],
  ])('key name %#', (value, expected) => {
    expect(rules.keyName(value)).toBe(expected);
  });

  it('validate returns only the failing fields', () => {
    expect(validate({ email: 'ada@example.com', password: 'short' }, { email: rules.email, password: rules.newPassword }))
      .toEqual({ password: IDENTITY_MESSAGES.passwordTooShort });
  });
});
