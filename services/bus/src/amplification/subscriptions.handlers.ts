import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BusSubscriptionDto, created, ok, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { Subscriptions } from './subscriptions.service.js';

/** POST (201 new, 200 already) and DELETE /api/underground/bus/subscriptions. */
@Controller()
export class SubscriptionsHandlers {
  constructor(private readonly subscriptions: Subscriptions) {}

  @MessagePattern(SUBJECTS.bus.subscribe)
  async subscribe(@Payload() envelope: Envelope) {
    const { subscription, created: made } = await this.subscriptions.subscribe(validateAs(BusSubscriptionDto, envelope.body));
    return made ? created(subscription) : ok(subscription);
  }

  @MessagePattern(SUBJECTS.bus.unsubscribe)
  async unsubscribe(@Payload() envelope: Envelope) {
    return ok(await this.subscriptions.unsubscribe(validateAs(BusSubscriptionDto, envelope.body)));
  }
}
