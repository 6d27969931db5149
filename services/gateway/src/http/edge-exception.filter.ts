import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { BodyRejectedError } from './json-body-parser.js';

export const BODY_TOO_LARGE = 'Request body too large (limit 1 MB)';

/**
 * What goes wrong before a route handler runs: unknown path, body too large, body that is not
 * JSON, unsupported media type. Always `{ error }`, never a stack.
 */
@Catch()
export class EdgeExceptionFilter implements ExceptionFilter {
  constructor(private readonly log: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const status = exception instanceof HttpException
      ? exception.getStatus()
      : ((exception as { statusCode?: number }).statusCode ?? 500);
    if (status === 404) void reply.status(404).send({ error: 'Not found' });
    else if (status === 413) void reply.status(413).send({ error: BODY_TOO_LARGE });
    else if (status === 415) void reply.status(415).send({ error: 'Unsupported content type' });
    else if (exception instanceof BodyRejectedError) void reply.status(400).send({ error: exception.message });
    else if (status >= 400 && status < 500) void reply.status(400).send({ error: 'Malformed JSON body' });
    else {
      this.log.error({ requestId: request.id, err: exception }, 'Unhandled error at the edge');
      void reply.status(500).send({ error: 'Internal server error' });
    }
  }
}
