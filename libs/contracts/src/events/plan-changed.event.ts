import { IsIn, IsString, IsUUID } from 'class-validator';
import { PLANS, SUBSCRIPTION_STATUSES, type Plan, type SubscriptionStatus } from '../plans.js';

/** Billing settled a user's plan; identity keeps it on the user record. */
export class PlanChangedEvent {
  @IsUUID() eventId!: string;
  @IsString() userId!: string;
  @IsIn(PLANS) plan!: Plan;
  @IsIn(SUBSCRIPTION_STATUSES) subscriptionStatus!: SubscriptionStatus;
}
