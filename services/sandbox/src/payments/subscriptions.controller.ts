import { Body, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { StripeApi } from './stripe-api.decorator.js';
import type { StripeSubscription } from './stripe-subscription.model.js';
import { Subscriptions } from './subscriptions.service.js';
import { readUpdateSubscription } from './update-subscription.dto.js';

/** Changes answer at once and deliver their event in the background, as Stripe does. */
@StripeApi('v1/subscriptions')
export class SubscriptionsController {
  constructor(private readonly subscriptions: Subscriptions) {}

  @Get(':id')
  get(@Param('id') id: string): StripeSubscription {
    return this.subscriptions.get(id);
  }

  @Post(':id')
  @HttpCode(200)
  update(@Param('id') id: string, @Body() body: unknown): StripeSubscription {
    return this.subscriptions.update(id, readUpdateSubscription(body)).subscription;
  }

  @Delete(':id')
  cancel(@Param('id') id: string): StripeSubscription {
    return this.subscriptions.cancel(id).subscription;
  }
}
