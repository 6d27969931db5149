import { ERROR_CODES, type ErrorCode } from '../error-codes.js';

/** OpenAI's error body: what its client libraries read into their error classes. */
export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

type Kind = [type: string, code: string | null];

/** A platform error code's OpenAI equivalent; the status stays the platform's (platform-core section 7). */
const BY_CODE: Partial<Record<ErrorCode, Kind>> = {
  [ERROR_CODES.planRequired]: ['invalid_request_error', 'plan_required'],
  [ERROR_CODES.subscriptionRequired]: ['invalid_request_error', 'subscription_required'],
  [ERROR_CODES.modelRestricted]: ['invalid_request_error', 'model_restricted'],
  [ERROR_CODES.modelNotFound]: ['invalid_request_error', 'model_not_found'],
  [ERROR_CODES.quotaExceeded]: ['insufficient_quota', 'insufficient_quota'],
  [ERROR_CODES.spendCapReached]: ['insufficient_quota', 'insufficient_quota'],
};

/** Without a code, the status says it: 429 without one is the edge's rate limit. */
const BY_STATUS: Record<number, Kind> = {
  401: ['invalid_request_error', 'invalid_api_key'],
  403: ['invalid_request_error', 'permission_denied'],
  404: ['invalid_request_error', 'not_found'],
  413: ['invalid_request_error', 'request_too_large'],
  429: ['requests', 'rate_limit_exceeded'],
  503: ['server_error', 'service_unavailable'],
};

function kindOf(status: number, code: unknown): Kind {
  const known = typeof code === 'string' ? BY_CODE[code as ErrorCode] : undefined;
  if (known) return known;
  if (BY_STATUS[status]) return BY_STATUS[status];
  return status >= 500 ? ['server_error', null] : ['invalid_request_error', null];
}

/** The platform's `{ error, code? }` for a status, in OpenAI's shape. */
export function openAiError(status: number, body: { error: string; code?: unknown }): OpenAiErrorBody {
  const [type, code] = kindOf(status, body.code);
  return { error: { message: body.error, type, param: null, code } };
}
