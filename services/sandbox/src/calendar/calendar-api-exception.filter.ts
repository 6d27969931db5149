import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CalendarApiError } from './calendar-api-error.js';

@Catch(CalendarApiError)
export class CalendarApiExceptionFilter implements ExceptionFilter {
  catch(error: CalendarApiError, host: ArgumentsHost): void {
    void host.switchToHttp().getResponse<FastifyReply>().status(error.code).send(error.toBody());
  }
}
