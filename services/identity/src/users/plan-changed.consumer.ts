import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@platform/contracts';
import { EventBus } from '@platform/messaging';
import { UsersService } from './users.service.js';

/**
 * How many plan changes are applied at once: each is one conditional update that holds the order
 * itself (only a change not older than the last one applied), so a burst of payments need not
 * wait in line for one another.
 */
const CONCURRENCY = 16;

/** Billing owns plans; identity keeps a copy on the user so it travels in every AuthContext. */
@Injectable()
export class PlanChangedConsumer implements OnApplicationBootstrap {
  constructor(private readonly events: EventBus, private readonly users: UsersService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.consume(EVENTS.billing.planChanged, (event) => this.users.applyPlanChange(event), { concurrency: CONCURRENCY });
  }
}
