import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/**
 * The sandbox's URL as the caller reached it (the Host header): the checkout page a session
 * links to is then reachable by whoever asked for it, under whatever name or port that was.
 */
export const RequestBaseUrl = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return `${request.protocol}://${request.host}`;
});
