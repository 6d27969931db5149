import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { ApiError, type Envelope, type Reply } from '@platform/contracts';
import { catchError, of, type Observable } from 'rxjs';

/**
 * Turns what a handler throws into a reply: an ApiError keeps its status and words, anything
 * else is a 500 whose details stay in this service's log next to the request id.
 */
@Injectable()
export class ReplyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Rpc');

  intercept(context: ExecutionContext, next: CallHandler): Observable<Reply> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof ApiError) return of({ status: error.status, body: error.toBody() });
        const envelope = context.switchToRpc().getData<Partial<Envelope>>();
        this.logger.error({ requestId: envelope?.requestId, err: error }, 'Unhandled error in handler');
        return of({ status: 500, body: { error: 'Internal server error' } });
      }),
    );
  }
}
