import { describe, expect, it } from '@jest/globals';
import { ApiError, type AuthContext } from '@platform/contracts';
import { calendarOwner } from './calendar-owner.js';

const USER = '6f1c2a4e-8b1d-4c3e-9f00-1234567890ab';
const caller = (userId: string, via: AuthContext['via'] = 'session'): AuthContext =>
  ({ userId, email: '', name: '', isAdmin: false, plan: 'free', subscriptionStatus: 'inactive', via });
const statusOf = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    return (error as ApiError).status;
  }
  return 'no error';
};

describe('calendarOwner', () => {
  it('is the caller when no userId is given', () => {
    expect(calendarOwner(caller(USER), undefined)).toBe(USER);
  });

  it('is the caller when the userId is theirs', () => {
    expect(calendarOwner(caller(USER), USER)).toBe(USER);
  });

  it('refuses another user\'s userId with 403', () => {
    expect(statusOf(() => calendarOwner(caller(USER), '00000000-0000-4000-8000-000000000000'))).toBe(403);
  });

  it('refuses a bearer caller that names no user with 401', () => {
    expect(statusOf(() => calendarOwner(caller('anonymous', 'internal'), undefined))).toBe(401);
  });
});
