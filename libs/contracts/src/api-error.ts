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
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return { ...this.extra, error: this.message };
  }
}

export const unauthorized = () => new ApiError(401, 'Unauthorized');
