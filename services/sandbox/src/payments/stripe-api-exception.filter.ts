import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PaymentsError, type PaymentsErrorCode } from './payments-error.js';

interface StripeErrorKind {
  status: number;
  type: 'invalid_request_error' | 'api_error';
  /** Stripe's `error.code`, for the errors that carry one. */
  code?: string;
}

/**
 * A state conflict is a 400 at Stripe, not a 409: the SDK retries a 409, so it would repeat the
 * refused call. A processor failure says "do not retry" so a test of the caller's failure path
 * does not wait out the SDK's backoff.
 */
const KINDS: Record<PaymentsErrorCode, StripeErrorKind> = {
  resource_missing: { status: 404, type: 'invalid_request_error', code: 'resource_missing' },
  parameter_missing: { status: 400, type: 'invalid_request_error', code: 'parameter_missing' },
  parameter_invalid: { status: 400, type: 'invalid_request_error' },
  state_conflict: { status: 400, type: 'invalid_request_error' },
  processor_failing: { status: 500, type: 'api_error' },
};

/** The Stripe API's answer to a refused call: `{ error: { type, message, param?, code? } }`. */
@Catch(PaymentsError)
export class StripeApiExceptionFilter implements ExceptionFilter {
  catch(error: PaymentsError, host: ArgumentsHost): void {
    const { status, type, code } = KINDS[error.code];
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (status >= 500) reply.header('stripe-should-retry', 'false');
    void reply.status(status).send({ error: { type, message: error.message, param: error.param, code } });
  }
}
