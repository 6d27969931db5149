import { responseViolations } from './response-invariants.js';
import type { RawResponse } from './raw-http.js';

const json = (status: number, body: unknown): RawResponse =>
  ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, text: JSON.stringify(body) });

describe('responseViolations', () => {
  it.each([
    ['a success', json(200, { ok: true })],
    ['an error with the spec\'s extras', json(403, { success: false, error: 'Model not in plan', code: 'MODEL_RESTRICTED', allowedModels: ['a/b'] })],
    ['an empty body', { status: 202, headers: {}, text: '' }],
    ['a redirect with a text body', { status: 303, headers: { 'content-type': 'text/plain' }, text: 'See other' }],
  ])('accepts %s', (_, response) => {
    expect(responseViolations(response)).toEqual([]);
  });

  it.each([
    ['a 5xx', json(500, { error: 'Internal server error' }), 'server error 500'],
    ['a stack frame', json(400, { error: 'x\n    at Foo.bar (/app/dist/foo.js:1:2)' }), 'body shows a stack frame'],
    ['a source path', json(400, { error: 'in /work/services/identity/src/users.ts' }), 'body shows a source path'],
    ['a database error', json(400, { error: 'QueryFailedError: invalid input syntax for type uuid' }), 'body shows a database error'],
    ['a connection error', json(400, { error: 'connect ECONNREFUSED 127.0.0.1:5432' }), 'body shows a connection error'],
    ['a JavaScript error', json(400, { error: "Cannot read properties of undefined (reading 'x')" }), 'body shows a JavaScript error'],
    ['a body that is not JSON', { status: 400, headers: { 'content-type': 'text/html' }, text: '<h1>Bad</h1>' }, 'body is not JSON'],
    ['an error without `error`', json(404, { message: 'Not found' }), 'error body has no `error` string'],
    ['an error that is an array', json(400, ['bad']), 'error body is not an object'],
    ['a framework\'s extra fields', json(400, { error: 'Bad Request', statusCode: 400 }), 'error body has a field the spec does not name: statusCode'],
    ['a mistyped extra', json(402, { error: 'Pay', success: true }), 'error body field success has an unexpected value'],
  ])('reports %s', (_, response, expected) => {
    expect(responseViolations(response).join('; ')).toContain(expected);
  });
});

describe('responseViolations on a route flagged for OpenAI errors', () => {
  it('accepts OpenAI\'s error object', () => {
    const response = json(429, { error: { message: 'Too many requests, please slow down.', type: 'requests', param: null, code: 'rate_limit_exceeded' } });

    expect(responseViolations(response, 'openai')).toEqual([]);
  });

  it.each([
    ['the platform\'s `{ error }` string', json(401, { error: 'Unauthorized' }), 'OpenAI error body has no `error` object'],
    ['an empty message', json(400, { error: { message: '', type: 'invalid_request_error', param: null, code: null } }), 'OpenAI error has no `message` string'],
    ['a platform code', json(429, { error: { message: 'x', type: 'insufficient_quota', param: null, code: 'QUOTA_EXCEEDED' } }), 'OpenAI error code is unexpected'],
    ['a field beside `error`', json(403, { error: { message: 'x', type: 'invalid_request_error', param: null, code: null }, success: false }), 'a field besides `error`: success'],
  ])('reports %s', (_, response, expected) => {
    expect(responseViolations(response, 'openai').join('; ')).toContain(expected);
  });
});
