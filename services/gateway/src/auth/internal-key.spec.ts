import { ApiError } from '@platform/contracts';
import { checkInternalKey } from './internal-key.js';

const failureOf = (configured: string, header: string | undefined) => {
  try {
    checkInternalKey(configured, header);
  } catch (error) {
    return { status: (error as ApiError).status, error: (error as ApiError).message };
  }
  return null;
};

describe('checkInternalKey', () => {
  it('accepts the configured key', () => {
    expect(failureOf('secret-key', 'Bearer secret-key')).toBeNull();
  });

  it.each([
    ['no header', undefined, 401, 'Unauthorized'],
    ['no Bearer prefix', 'secret-key', 401, 'Unauthorized'],
    ['another key', 'Bearer other-key', 403, 'Forbidden'],
    ['a longer key', 'Bearer secret-key-and-more', 403, 'Forbidden'],
  ])('answers %s with %i', (_, header, status, error) => {
    expect(failureOf('secret-key', header)).toEqual({ status, error });
  });

  it('answers 500 when INTERNAL_API_KEY is unset', () => {
    expect(failureOf('', 'Bearer anything')).toEqual({ status: 500, error: 'Server misconfigured' });
  });
});
