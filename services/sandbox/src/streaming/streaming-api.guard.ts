import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SANDBOX_CONFIG, type SandboxConfig } from '../sandbox.config.js';
import { StreamingError } from './streaming-error.js';

/** The provider's API takes the access token as HTTP Basic (token id : token secret), as its SDK sends it. */
@Injectable()
export class StreamingApiGuard implements CanActivate {
  private readonly expected: string;

  constructor(@Inject(SANDBOX_CONFIG) config: SandboxConfig) {
    this.expected = `Basic ${Buffer.from(`${config.streamingTokenId}:${config.streamingTokenSecret}`).toString('base64')}`;
  }

  canActivate(context: ExecutionContext): boolean {
    if (context.switchToHttp().getRequest<FastifyRequest>().headers.authorization === this.expected) return true;
    throw new StreamingError(401, 'Unauthorized request');
  }
}
