import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ok, requireUser, SUBJECTS, TopUpCheckoutQuery, validateAs, type BillingAccountQuery, type Envelope, type Reply, type TopUpCheckoutReply,
} from '@platform/contracts';
import { CheckoutService } from '../checkout/checkout.service.js';
import { AccountsService } from './accounts.service.js';
import { BillingService } from './billing.service.js';

@Controller()
export class BillingHandlers {
  constructor(
    private readonly billing: BillingService,
    private readonly accounts: AccountsService,
    private readonly checkout: CheckoutService,
  ) {}

  @MessagePattern(SUBJECTS.billing.overview)
  async overview(@Payload() envelope: Envelope) {
    return ok(await this.billing.overview(requireUser(envelope)));
  }

  @MessagePattern(SUBJECTS.billing.action)
  async action(@Payload() envelope: Envelope) {
    return ok(await this.billing.act(requireUser(envelope), envelope.body));
  }

  /** 303 whatever happens: the browser lands on the processor's page or on one that says why not. */
  @MessagePattern(SUBJECTS.billing.checkout)
  async checkoutRedirect(@Payload() envelope: Envelope): Promise<Reply> {
    return { status: 303, redirect: await this.checkout.redirectFor(requireUser(envelope), envelope.query.plan) };
  }

  /** The AI layer's question before a chat; a query, so a failure travels as an error. */
  @MessagePattern(SUBJECTS.billing.account)
  async account(@Payload() query: BillingAccountQuery) {
    return this.accounts.state(String(query?.userId ?? ''));
  }

  /** The wallet service's question for a top-up's checkout; a query, so a failure travels as an error with billing's words. */
  @MessagePattern(SUBJECTS.billing.topUpCheckout)
  topUpCheckout(@Payload() query: unknown): Promise<TopUpCheckoutReply> {
    return this.checkout.topUp(validateAs(TopUpCheckoutQuery, query));
  }
}
