import { Inject, Injectable } from '@nestjs/common';
import { requireUser, type Envelope } from '@platform/contracts';
import { AI_GATEWAY_ENV } from '../ai-gateway.tokens.js';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import { resolveAccess, type AiAccess } from './plan-policy.js';

/** The plan check of a bearer call, with ADMIN_EMAILS from this service's env. */
@Injectable()
export class AccessGuard {
  constructor(@Inject(AI_GATEWAY_ENV) private readonly env: AiGatewayEnv) {}

  check(envelope: Envelope, subscription: boolean): AiAccess {
    return resolveAccess(envelope.headers, requireUser(envelope).email, this.env.ADMIN_EMAILS, subscription);
  }
}
