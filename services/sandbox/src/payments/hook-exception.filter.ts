import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PaymentsError, type PaymentsErrorCode } from './payments-error.js';

const STATUS: Record<PaymentsErrorCode, number> = {
  resource_missing: 404,
  parameter_missing: 400,
  parameter_invalid: 400,
  state_conflict: 409,
  processor_failing: 500,
};

/** A hook's answer to a refused call, `{ error }`, like the platform's own errors. */
@Catch(PaymentsError)
export class HookExceptionFilter implements ExceptionFilter {
  catch(error: PaymentsError, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // The checkout page's route has already set text/html, under which an object cannot be sent.
    void reply.status(STATUS[error.code]).type('application/json; charset=utf-8').send({ error: error.message });
  }
}
