import { Controller, Get, Header, HttpCode, Param, Post, Query, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
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

  /**
   * Pays. A script gets the delivery report; the page's Pay button (`?return=true`) is sent on to the
   * session's success_url once the webhook is delivered, as the processor's hosted page does, with
   * `{CHECKOUT_SESSION_ID}` filled in.
   */
  @Post(':id/complete')
  @HttpCode(200)
  async complete(
    @Param('id') id: string,
    @Query('return') back: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeliveryAnswer & { sessionId: string; subscriptionId?: string }> {
    const { session, emitted } = this.sessions.complete(id);
    const answer = { ...(await deliveryAnswer(emitted)), sessionId: session.id, subscriptionId: session.subscription ?? undefined };
    if (back === 'true' && session.success_url) reply.redirect(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id), 303);
    return answer;
  }
}
