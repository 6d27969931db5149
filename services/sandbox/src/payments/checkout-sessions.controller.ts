import { Body, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CheckoutSessions } from './checkout-sessions.service.js';
import { readCreateCheckoutSession } from './create-checkout-session.dto.js';
import { RequestBaseUrl } from './request-base-url.decorator.js';
import { StripeApi } from './stripe-api.decorator.js';
import type { StripeCheckoutSession } from './stripe-checkout-session.model.js';

@StripeApi('v1/checkout/sessions')
export class CheckoutSessionsController {
  constructor(private readonly sessions: CheckoutSessions) {}

  @Post()
  @HttpCode(200)
  create(@Body() body: unknown, @RequestBaseUrl() baseUrl: string): StripeCheckoutSession {
    return this.sessions.create(readCreateCheckoutSession(body), baseUrl);
  }

  @Get(':id')
  get(@Param('id') id: string): StripeCheckoutSession {
    return this.sessions.get(id);
  }
}
