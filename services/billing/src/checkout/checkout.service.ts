import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BILLING_CURRENCY, BILLING_MESSAGES as M, CHECKOUT_ERRORS, CHECKOUT_METADATA as META, CREDIT_CURRENCY, CREDIT_PACKS, isCheckoutPlan,
  creditPackPrice, PLAN_PRICES_PENCE, TOP_UP_REDIRECTS, ApiError, type AuthContext, type CreditPack, type SellablePlan,
  type TopUpCheckoutQuery, type TopUpCheckoutReply,
} from '@platform/contracts';
import { AccountsService } from '../accounts/accounts.service.js';
import { BILLING_ENV } from '../billing.tokens.js';
import type { BillingEnv } from '../billing.env.js';
import { PaymentProcessor, ProcessorNotConfiguredError } from '../processor/payment-processor.js';

/** Checkout sessions at the processor: subscriptions to a plan, one-off credit packs and wallet top-ups. */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Checkout');

  constructor(
    private readonly processor: PaymentProcessor,
    private readonly accounts: AccountsService,
    @Inject(BILLING_ENV) private readonly env: BillingEnv,
  ) {}

  /**
   * GET /api/billing-provider/checkout: where to send the browser. Admins go straight to onboarding;
   * every failure is a page of the web app that says what went wrong (4.6).
   */
  async redirectFor(user: AuthContext, plan: unknown): Promise<string> {
    if (!isCheckoutPlan(plan)) return CHECKOUT_ERRORS.invalidPlan;
    if (user.isAdmin) return `/onboard?plan=${plan}&paid=1&admin=1`;
    if (!this.processor.configured) return CHECKOUT_ERRORS.notConfigured;
    try {
      return await this.subscription(user, plan, `${this.env.APP_URL}/onboard?plan=${plan}&paid=1`, `${this.env.APP_URL}/pricing`);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      this.logger.error({ userId: user.userId, plan, err: String(error) }, 'Checkout failed');
      return CHECKOUT_ERRORS.failed;
    }
  }

  /** create-checkout of POST /api/billing (billing-API plans). */
  async billingCheckout(user: AuthContext, plan: SellablePlan): Promise<{ url: string }> {
    const url = await this.orServerError({ userId: user.userId }, () =>
      this.subscription(user, plan, `${this.env.APP_URL}/dashboard?checkout=success`, `${this.env.APP_URL}/dashboard?checkout=cancelled`));
    return { url };
  }

  /** buy-credits: the credits are added when the processor reports the payment, once. */
  async creditPack(user: AuthContext, pack: CreditPack): Promise<{ success: true; credits: number; price: string; url: string }> {
    const credits = CREDIT_PACKS[pack];
    const { url } = await this.orServerError({ userId: user.userId }, async () => this.processor.createCheckout({
      mode: 'payment',
      customerId: await this.accounts.customerOf(user),
      amount: Number(pack) * 100,
      currency: CREDIT_CURRENCY,
      productName: `${credits} credits`,
      metadata: { [META.type]: 'credit_pack', [META.userId]: user.userId, [META.pack]: pack, [META.credits]: String(credits) },
      successUrl: `${this.env.APP_URL}/dashboard?credits=success`,
      cancelUrl: `${this.env.APP_URL}/dashboard?credits=cancelled`,
    }));
    return { success: true, credits, price: creditPackPrice(pack), url };
  }

  /**
   * A card top-up of a wallet (extended-services 4.1): anyone may pay one, so no customer; the
   * wallet service credits it when the processor reports the payment (wallet-top-ups.ts).
   */
  async topUp({ walletAddress, amountCents }: TopUpCheckoutQuery): Promise<TopUpCheckoutReply> {
    const session = await this.orServerError({ walletAddress }, () => this.processor.createCheckout({
      mode: 'payment',
      amount: amountCents,
      currency: CREDIT_CURRENCY,
      productName: `Wallet top-up of $${amountCents / 100}`,
      metadata: { [META.type]: 'wallet_top_up', [META.walletAddress]: walletAddress, [META.amountCents]: String(amountCents) },
      successUrl: `${this.env.APP_URL}${TOP_UP_REDIRECTS.success}`,
      cancelUrl: `${this.env.APP_URL}${TOP_UP_REDIRECTS.cancelled}`,
    }));
    return { url: session.url, sessionId: session.id };
  }

  private async subscription(user: AuthContext, plan: SellablePlan, successUrl: string, cancelUrl: string): Promise<string> {
    const { url } = await this.processor.createCheckout({
      mode: 'subscription',
      customerId: await this.accounts.customerOf(user),
      amount: PLAN_PRICES_PENCE[plan],
      currency: BILLING_CURRENCY,
      productName: `${plan} plan`,
      metadata: { [META.type]: 'subscription', [META.userId]: user.userId, [META.plan]: plan },
      successUrl,
      cancelUrl,
    });
    return url;
  }

  /** Paying actions answer 500 with the spec's words when the processor cannot make a checkout; `who` goes to the log. */
  private async orServerError<T>(who: Record<string, string>, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof ProcessorNotConfiguredError) throw new ApiError(500, M.notConfigured);
      this.logger.error({ ...who, err: String(error) }, 'Checkout failed');
      throw new ApiError(500, M.checkoutFailed);
    }
  }
}
