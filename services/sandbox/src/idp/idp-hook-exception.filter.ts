import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { IdpHookError } from './idp-error.js';

@Catch(IdpHookError)
export class IdpHookExceptionFilter implements ExceptionFilter {
  catch(error: IdpHookError, host: ArgumentsHost): void {
    void host.switchToHttp().getResponse<FastifyReply>().status(error.status).send({ error: error.message });
  }
}
