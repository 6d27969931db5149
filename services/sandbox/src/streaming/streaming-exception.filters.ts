import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { StreamingError } from './streaming-error.js';

/** The provider's API: its own error shape. */
@Catch(StreamingError)
export class StreamingApiExceptionFilter implements ExceptionFilter {
  catch(error: StreamingError, host: ArgumentsHost): void {
    void host.switchToHttp().getResponse<FastifyReply>().status(error.status).send(error.apiBody());
  }
}

/** The hooks: `{ error }`, like the platform's own errors. */
@Catch(StreamingError)
export class StreamingHookExceptionFilter implements ExceptionFilter {
  catch(error: StreamingError, host: ArgumentsHost): void {
    void host.switchToHttp().getResponse<FastifyReply>().status(error.status).type('application/json; charset=utf-8').send({ error: error.message });
  }
}
