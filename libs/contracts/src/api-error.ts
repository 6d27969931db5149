import type { ErrorCode } from './error-codes.js';

/**
 * A domain error with the status and words the spec gives; it becomes `{ error, code?, ...extra }`.
 * Anything else thrown in a handler is a 500 whose details stay in the log.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { code?: ErrorCode; success?: false } & Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return { ...this.extra, error: this.message };
  }
}

export const unauthorized = () => new ApiError(401, 'Unauthorized');

/** How long a client is asked to wait after a 503: outages the platform rides out last seconds. */
export const RETRY_AFTER_SECONDS = 5;

export const SERVICE_UNAVAILABLE = 'Service unavailable';

/**
 * Something this request needs (a service, the database, the credential check) cannot be reached
 * now: 503 with Retry-After, never a guess and never a wait for the route's timeout. The outage
 * itself is logged once by whoever watches that dependency, not by each request it fails.
 */
export class UnavailableError extends ApiError {
  constructor(message = SERVICE_UNAVAILABLE) {
    super(503, message, {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
}

export const forbidden = () => new ApiError(403, 'Forbidden');
