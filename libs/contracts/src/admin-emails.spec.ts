import { isAdminEmail } from './admin-emails.js';

describe('isAdminEmail', () => {
  it.each([
    ['Boss@Example.com, ops@example.com', 'boss@example.COM', true],
    ['boss@example.com', 'other@example.com', false],
    ['', 'boss@example.com', false],
    [' , ', '', false],
  ])('ADMIN_EMAILS=%j, email=%j -> %s', (list, email, expected) => {
    expect(isAdminEmail(list, email)).toBe(expected);
  });
});
