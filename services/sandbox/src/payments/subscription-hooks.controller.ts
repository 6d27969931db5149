import { Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { deliveryAnswer, type DeliveryAnswer } from './delivery-answer.js';
import { HookExceptionFilter } from './hook-exception.filter.js';
import { Subscriptions } from './subscriptions.service.js';

/** Hooks: what happens to a subscription outside the platform's calls (the customer cancels, a renewal charge). */
@Controller('stripe/subscriptions')
@UseFilters(HookExceptionFilter)
export class SubscriptionHooksController {
  constructor(private readonly subscriptions: Subscriptions) {}

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@Param('id') id: string): Promise<DeliveryAnswer> {
    return deliveryAnswer(this.subscriptions.cancel(id).emitted);
  }

  @Post(':id/fail-renewal')
  @HttpCode(200)
  failRenewal(@Param('id') id: string): Promise<DeliveryAnswer> {
    return deliveryAnswer(this.subscriptions.failRenewal(id).emitted);
  }

  @Post(':id/pay-renewal')
  @HttpCode(200)
  payRenewal(@Param('id') id: string): Promise<DeliveryAnswer> {
    return deliveryAnswer(this.subscriptions.payRenewal(id).emitted);
  }
}
