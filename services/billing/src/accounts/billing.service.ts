import { Injectable } from '@nestjs/common';
import {
  BILLING_PLAN_CATALOGUE, BillingActionDto, BuyCreditsDto, CreateCheckoutDto, EnableByokDto, validateAs, type AuthContext,
  type BillingOverview, type DailyUnitsUsage,
} from '@platform/contracts';
import { ByokService } from '../byok/byok.service.js';
import { CheckoutService } from '../checkout/checkout.service.js';
import { DailyUnits, nextUtcMidnight } from '../usage/daily-units.js';
import { AccountsService } from './accounts.service.js';

/** GET and POST /api/billing (platform-core 4.6). */
@Injectable()
export class BillingService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly checkout: CheckoutService,
    private readonly byok: ByokService,
    private readonly units: DailyUnits,
  ) {}

  async overview(user: AuthContext): Promise<BillingOverview> {
    const account = await this.accounts.view(user.userId);
    return {
      plans: BILLING_PLAN_CATALOGUE,
      currentPlan: account.plan,
      subscriptionStatus: account.subscriptionStatus,
      byokEnabled: account.byokProvider !== null,
      usage: await this.units.of(user.userId, account.plan),
      credits: account.credits,
    };
  }

  /** The action is read first, so an unknown one is `Invalid action` whatever else the body holds. */
  async act(user: AuthContext, body: unknown): Promise<object> {
    const { action } = validateAs(BillingActionDto, body);
    switch (action) {
      case 'create-checkout':
        return this.checkout.billingCheckout(user, validateAs(CreateCheckoutDto, body).plan);
      case 'enable-byok':
        return this.byok.enable(user, validateAs(EnableByokDto, body));
      case 'disable-byok':
        return this.byok.disable(user);
      case 'get-usage':
        return this.usage(user);
      case 'buy-credits':
        return this.checkout.creditPack(user, validateAs(BuyCreditsDto, body).pack);
    }
  }

  private async usage(user: AuthContext): Promise<DailyUnitsUsage & { resetsAt: string }> {
    const account = await this.accounts.view(user.userId);
    return { ...(await this.units.of(user.userId, account.plan)), resetsAt: nextUtcMidnight(new Date()).toISOString() };
  }
}
