import type { ErrorShape } from '@platform/contracts';
import type { RawResponse } from './raw-http.js';

/** What must never reach a client: stack frames, source paths, driver and database internals. */
const LEAKS: ReadonlyArray<[string, RegExp]> = [
  ['a stack frame', /(?:\\n|\n)\s+at \S|\bat \S+ \((?:\/|file:|node:)\S*:\d+:\d+\)/],
  ['a source path', /\/src\/|node_modules|file:\/\/|\.[cm]?[jt]s:\d+/],
  ['a database error', /QueryFailedError|TypeORMError|EntityNotFound|duplicate key|violates \S+ constraint|invalid input syntax/i],
  ['SQL', /\bSELECT\b[^"]{0,200}\bFROM\b|\bINSERT INTO\b|\bUPDATE \S+ SET\b|\bpg_\w+\(/],
  ['a connection error', /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|MAX_PAYLOAD|NatsError|ReplyError/],
  ['a JavaScript error', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError)\b|Cannot read propert|is not a function|Maximum call stack|Unexpected token|in JSON at position/],
];

/**
 * Fields an error body may carry besides `error` (platform-core section 7, decisions 23 and 52–53):
 * `code` and `success: false`, the AI refusals' `allowedModels`, quota `limit`/`used`/`resetsAt`,
 * the provisioning limit's `current`/`limit`; extended-services 4.9-4.11: the feeds' `available` and
 * `message`, the colony's `detail` and `soul_url`; 4.8's `metrics: {}` on GET /api/metrics's 500;
 * the stream gate's `balance`/`required` (decision 191).
 */
const ERROR_EXTRAS: Readonly<Record<string, (value: unknown) => boolean>> = {
  code: (value) => typeof value === 'string' && /^[A-Z_]+$/.test(value),
  success: (value) => value === false,
  allowedModels: (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
  limit: (value) => typeof value === 'number',
  used: (value) => typeof value === 'number',
  current: (value) => typeof value === 'number',
  resetsAt: (value) => typeof value === 'string',
  available: (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
  message: (value) => typeof value === 'string',
  detail: (value) => typeof value === 'string',
  soul_url: (value) => typeof value === 'string',
  metrics: (value) => value !== null && typeof value === 'object' && Object.keys(value).length === 0,
  balance: (value) => typeof value === 'string',
  required: (value) => typeof value === 'string',
};

/** Extended-services 4.9's 402: not an `{ error }` but the feed's x402 challenge and a hint. */
function isFeedPaymentChallenge(body: unknown): boolean {
  const { status, feed, challenge, hint, ...rest } = (body ?? {}) as Record<string, unknown>;
  return status === 'payment_required' && typeof feed === 'string' && typeof hint === 'string'
    && challenge !== null && typeof challenge === 'object' && Object.keys(rest).length === 0;
}

/**
 * Everything wrong with one response by the rules every route keeps; empty when it is fine. Any
 * 5xx is one: the spec's named 500s (kill switch, provider error) need a broken dependency or a
 * switched-off feature, which the fuzzed platform does not have. An error keeps the route's shape.
 */
export function responseViolations(response: RawResponse, shape: ErrorShape = 'platform'): string[] {
  const violations: string[] = [];
  for (const [what, pattern] of LEAKS) {
    const found = pattern.exec(response.text);
    if (found) violations.push(`body shows ${what}: "${found[0].slice(0, 80)}"`);
  }
  const redirect = response.status >= 300 && response.status < 400;
  const body = parseJson(response);
  if (response.text !== '' && !redirect && body === undefined) violations.push(`body is not JSON (content-type ${response.headers['content-type'] ?? 'none'})`);
  if (response.status >= 500) violations.push(`server error ${response.status}`);
  if (response.status === 402 && isFeedPaymentChallenge(body)) return violations;
  if (response.status >= 400 && body !== undefined) violations.push(...(shape === 'openai' ? openAiErrorViolations(body) : errorShapeViolations(body)));
  return violations;
}

function parseJson(response: RawResponse): unknown {
  if (response.text === '' || !/^application\/json\b/i.test(response.headers['content-type'] ?? '')) return undefined;
  try {
    return JSON.parse(response.text);
  } catch {
    return undefined;
  }
}

function errorShapeViolations(body: unknown): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return ['error body is not an object'];
  const { error, ...extras } = body as Record<string, unknown>;
  const violations = typeof error === 'string' && error.trim() !== '' ? [] : ['error body has no `error` string'];
  for (const [name, value] of Object.entries(extras)) {
    const check = ERROR_EXTRAS[name];
    if (!check) violations.push(`error body has a field the spec does not name: ${name}`);
    else if (!check(value)) violations.push(`error body field ${name} has an unexpected value: ${JSON.stringify(value)}`);
  }
  return violations;
}

/** OpenAI's `{ error: { message, type, param, code } }` and nothing else, codes in its snake case. */
function openAiErrorViolations(body: unknown): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return ['error body is not an object'];
  const { error, ...extras } = body as Record<string, unknown>;
  const violations = Object.keys(extras).map((name) => `OpenAI error body has a field besides \`error\`: ${name}`);
  if (error === null || typeof error !== 'object' || Array.isArray(error)) return [...violations, 'OpenAI error body has no `error` object'];
  const { message, type, param, code, ...more } = error as Record<string, unknown>;
  if (typeof message !== 'string' || message.trim() === '') violations.push('OpenAI error has no `message` string');
  if (typeof type !== 'string' || !/^[a-z_]+$/.test(type)) violations.push(`OpenAI error type is unexpected: ${JSON.stringify(type)}`);
  if (param !== null && typeof param !== 'string') violations.push(`OpenAI error param is unexpected: ${JSON.stringify(param)}`);
  if (code !== null && (typeof code !== 'string' || !/^[a-z_]+$/.test(code))) violations.push(`OpenAI error code is unexpected: ${JSON.stringify(code)}`);
  violations.push(...Object.keys(more).map((name) => `OpenAI error has a field it does not define: ${name}`));
  return violations;
}
