import { IsIn, IsISO8601, IsUUID } from 'class-validator';
import { PLANS, SUBSCRIPTION_STATUSES, type Plan, type SubscriptionStatus } from '../plans.js';

/**
 * Billing settled a user's plan; identity keeps it on the user record. `occurredAt` orders the
 * changes: a retried older event arriving after a newer one must not bring the old plan back.
 */
export class PlanChangedEvent {
  @IsUUID() eventId!: string;
  @IsUUID() userId!: string;
  @IsIn(PLANS) plan!: Plan;
  @IsIn(SUBSCRIPTION_STATUSES) subscriptionStatus!: SubscriptionStatus;
  @IsISO8601({ strict: true }) occurredAt!: string;
}
