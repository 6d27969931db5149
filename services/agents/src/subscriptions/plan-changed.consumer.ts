import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { EVENTS } from '@platform/contracts';
import { EventBus } from '@platform/messaging';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { SubscriptionChanges } from './subscription-changes.service.js';

/** Worker role: billing owns subscriptions; what they mean for the user's agents is applied here. */
@Injectable()
export class PlanChangedConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly events: EventBus,
    private readonly changes: SubscriptionChanges,
    @Inject(AGENTS_ENV) private readonly env: AgentsEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!hasRole(this.env, 'worker')) return;
    await this.events.consume(EVENTS.billing.planChanged, (event) => this.changes.apply(event));
  }
}
