import { ApiError, messageOf, NETWORK_ERROR, toApiError } from './api-error.js';

describe('toApiError', () => {
  it('keeps the platform error text and code', () => {
    const sut = toApiError(409, { error: 'User already exists', code: 'USER_EXISTS' });
    expect([sut.message, sut.status, sut.code]).toEqual(['User already exists', 409, 'USER_EXISTS']);
  });

  it('reads the message of an OpenAI-shaped error', () => {
    expect(toApiError(429, { error: { message: 'Rate limit exceeded', type: 'rate_limit' } }).message).toBe('Rate limit exceeded');
  });

  it.each([
    [401, null, 'Please sign in to continue.'],
    [429, '<html>busy</html>', 'Too many requests. Wait a moment and try again.'],
    [503, { error: '' }, 'The service is unavailable right now. Try again in a moment.'],
    [418, {}, 'Request failed (418).'],
  ])('words a %s with no usable text in the body', (status, body, expected) => {
    expect(toApiError(status, body).message).toBe(expected);
  });

  it('never shows the JSON of the body', () => {
    expect(toApiError(400, { error: { detail: 'x' } }).message).not.toContain('{');
  });
});

describe('messageOf', () => {
  it('says a failed fetch is a connection problem', () => {
    expect(messageOf(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR);
  });

  it('passes an ApiError through', () => {
    expect(messageOf(new ApiError('Agent not found', 404))).toBe('Agent not found');
  });
});
