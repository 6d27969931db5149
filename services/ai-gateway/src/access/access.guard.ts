import { Inject, Injectable } from '@nestjs/common';
import { requireUser, type Envelope } from '@platform/contracts';
import { AI_GATEWAY_ENV } from '../ai-gateway.tokens.js';
import type { AiGatewayEnv } from '../ai-gateway.env.js';
import { accessSource, accountAccess, ADMIN_ACCESS, headerAccess, type AiAccess } from './access-policy.js';
import { BillingAccountClient } from './billing-account.client.js';

/** The plan check of an AI route: at most one billing query per call, none for admins and header callers. */
@Injectable()
export class AccessGuard {
  constructor(@Inject(AI_GATEWAY_ENV) private readonly env: AiGatewayEnv, private readonly billing: BillingAccountClient) {}

  async check(envelope: Envelope, needsSubscription: boolean): Promise<AiAccess> {
    const caller = requireUser(envelope);
    switch (accessSource(caller, this.env.ADMIN_EMAILS)) {
      case 'admin':
        return ADMIN_ACCESS;
      case 'headers':
        return headerAccess(envelope.headers, needsSubscription);
      case 'billing':
        return accountAccess(await this.billing.state(caller.userId), needsSubscription);
    }
  }
}
