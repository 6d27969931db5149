import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS } from '@platform/contracts';
import { EventBus } from '@platform/messaging';
import { UsersService } from './users.service.js';

/** Billing owns plans; identity keeps a copy on the user so it travels in every AuthContext. */
@Injectable()
export class PlanChangedConsumer implements OnApplicationBootstrap {
  constructor(private readonly events: EventBus, private readonly users: UsersService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.consume(EVENTS.billing.planChanged, (event) => this.users.applyPlanChange(event));
  }
}
