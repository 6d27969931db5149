import { Controller, Get, Header, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { CheckoutSessions } from './checkout-sessions.service.js';
import { deliveryAnswer, type DeliveryAnswer } from './delivery-answer.js';
import { HookExceptionFilter } from './hook-exception.filter.js';

/** Hooks: the hosted checkout page a session's `url` opens, and paying on it. */
@Controller('stripe/checkout')
@UseFilters(HookExceptionFilter)
export class CheckoutPageController {
  constructor(private readonly sessions: CheckoutSessions) {}

  @Get(':id')
  @Header('content-type', 'text/html; charset=utf-8')
  page(@Param('id') id: string): string {
    return this.sessions.page(id);
  }

  @Post(':id/complete')
  @HttpCode(200)
  async complete(@Param('id') id: string): Promise<DeliveryAnswer & { sessionId: string; subscriptionId?: string }> {
    const { session, emitted } = this.sessions.complete(id);
    return { ...(await deliveryAnswer(emitted)), sessionId: session.id, subscriptionId: session.subscription ?? undefined };
  }
}
