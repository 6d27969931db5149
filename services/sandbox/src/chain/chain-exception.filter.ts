import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ChainError } from './chain-error.js';

@Catch(ChainError)
export class ChainExceptionFilter implements ExceptionFilter {
  catch(error: ChainError, host: ArgumentsHost): void {
    void host.switchToHttp().getResponse<FastifyReply>().status(error.status).send({ error: error.message });
  }
}
