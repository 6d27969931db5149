import { Get, Param, Query } from '@nestjs/common';
import { readListEvents } from './list-events.dto.js';
import { PaymentEvents } from './payment-events.service.js';
import { StripeApi } from './stripe-api.decorator.js';
import type { StripeEvent } from './stripe-event.model.js';
import type { StripeList } from './stripe-list.model.js';

@StripeApi('v1/events')
export class EventsController {
  constructor(private readonly events: PaymentEvents) {}

  @Get()
  list(@Query() query: unknown): StripeList<StripeEvent> {
    return this.events.list(readListEvents(query));
  }

  @Get(':id')
  get(@Param('id') id: string): StripeEvent {
    return this.events.get(id);
  }
}
