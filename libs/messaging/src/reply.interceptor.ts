import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { RpcException, type NatsContext } from '@nestjs/microservices';
import { ApiError, ROUTE_SUBJECTS, type Envelope, type Reply } from '@platform/contracts';
import { catchError, of, tap, throwError, type Observable } from 'rxjs';
import type { NatsMetrics } from './nats.metrics.js';

/**
 * Fails closed. On a route subject what a handler throws becomes its HTTP reply: an ApiError keeps
 * its status, words and headers, anything else is a 500 whose details stay in this service's log
 * next to the request id. On a query subject (service to service) an error stays an error: Nest
 * sends it as the packet's `err`, so the caller can never take it for an answer. Either way an
 * unexpected error is logged here once, and an outage not at all (its dependency logged it).
 * Each handler's time and outcome goes to the service's metrics, per subject.
 */
@Injectable()
export class ReplyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Rpc');

  constructor(private readonly prefix: string, private readonly metrics: NatsMetrics) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const subject = context.switchToRpc().getContext<NatsContext>().getSubject().slice(this.prefix.length);
    const startedAt = performance.now();
    return next.handle().pipe(
      tap(() => this.metrics.handled(subject, 'ok', startedAt)),
      catchError((error: unknown) => {
        this.metrics.handled(subject, error instanceof ApiError && error.status < 500 ? 'refused' : 'error', startedAt);
        if (!(error instanceof ApiError)) {
          const envelope = context.switchToRpc().getData<Partial<Envelope> | undefined>();
          this.logger.error({ requestId: envelope?.requestId, subject, err: error }, 'Unhandled error in handler');
        }
        const failure = failureOf(subject, error);
        return 'reply' in failure ? of(failure.reply) : throwError(() => new RpcException(failure.remote));
      }),
    );
  }
}

/**
 * A query's failure on the wire: Nest's `{ status: 'error', message }` with the HTTP status the
 * domain's error carries, so a caller that answers differently per refusal reads the status, not
 * the words.
 */
export interface RemoteFailure {
  status: 'error';
  message: string;
  statusCode: number;
}

/**
 * What a handler's failure becomes on the wire: on a route subject its HTTP reply, on a query an
 * error that tells the caller the domain's words and status, or nothing internal (a 500).
 */
export function failureOf(subject: string, error: unknown): { reply: Reply } | { remote: RemoteFailure } {
  if (!ROUTE_SUBJECTS.has(subject)) {
    return {
      remote: error instanceof ApiError
        ? { status: 'error', message: error.message, statusCode: error.status }
        : { status: 'error', message: 'Internal server error', statusCode: 500 },
    };
  }
  if (!(error instanceof ApiError)) return { reply: { status: 500, body: { error: 'Internal server error' } } };
  return { reply: { status: error.status, body: error.toBody(), ...(Object.keys(error.headers).length ? { headers: error.headers } : {}) } };
}
