import { Injectable } from '@nestjs/common';
import {
  ApiError, BILLING_MESSAGES as M, DeploySubscriptionDto, PLAN_RESOURCES, validateAs, type DeployResult, type DeployTier,
  type PlanResources,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { Outbox } from '@platform/messaging';
import { AccountEntity } from '../accounts/account.entity.js';
import { PlanChanges } from '../accounts/plan-changes.js';

const present = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * POST /api/subscriptions/deploy (4.6): a trusted backend puts a processor customer on a tier. The
 * customer's account, when billing has one, takes the tier as its plan with an active subscription.
 */
@Injectable()
export class SubscriptionDeployService {
  constructor(private readonly db: Db, private readonly planChanges: PlanChanges, private readonly outbox: Outbox) {}

  async deploy(body: unknown): Promise<DeployResult> {
    const fields = (body ?? {}) as Record<string, unknown>;
    // The spec lists the customer id first; the DTO's own rules then word the tier's errors.
    if (!present(fields.customerId) && !present(fields.stripeCustomerId)) throw new ApiError(400, M.customerIdRequired);
    const request = validateAs(DeploySubscriptionDto, body);
    const customerId = (present(request.customerId) ? request.customerId : request.stripeCustomerId)!;
    const subscriptionId = request.subscriptionId ?? null;
    await this.db.asSystem(async (manager) => {
      const account = await manager.findOne(AccountEntity, { where: { customerId }, lock: { mode: 'pessimistic_write' } });
      if (!account) return;
      await this.planChanges.apply(manager, account, {
        plan: request.tier, subscriptionStatus: 'active', ...(subscriptionId ? { subscriptionId } : {}),
      });
    });
    void this.outbox.flush();
    return { success: true, customerId, subscriptionId, tier: request.tier, resources: PLAN_RESOURCES[request.tier] };
  }
}
