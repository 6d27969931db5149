import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { AI_PROVIDERS, type AiProvider } from '../ai/model-catalogue.js';
import { BILLING_API_PLANS, CREDIT_PACK_IDS, DEPLOY_TIERS, type BillingApiPlan, type CreditPack, type DeployTier } from './billing-plans.js';
import { BILLING_MESSAGES as M } from './messages.js';

export const BILLING_ACTIONS = ['create-checkout', 'enable-byok', 'disable-byok', 'get-usage', 'buy-credits'] as const;
export type BillingAction = (typeof BILLING_ACTIONS)[number];

/** The one field every POST /api/billing body has; the action's own DTO is read after it. */
export class BillingActionDto {
  @IsIn(BILLING_ACTIONS, { message: M.invalidAction }) action!: BillingAction;
}

export class CreateCheckoutDto {
  @IsIn(BILLING_API_PLANS, { message: M.invalidPlan }) plan!: BillingApiPlan;
}

/** Provider keys are long but bounded: a vendor key is well under 512 characters. */
export class EnableByokDto {
  @MaxLength(512, { message: M.apiKeyRequired }) @Matches(/\S/, { message: M.apiKeyRequired }) @IsString({ message: M.apiKeyRequired })
  apiKey!: string;

  @IsIn(AI_PROVIDERS, { message: M.unknownProvider }) @IsDefined({ message: M.providerRequired })
  provider!: AiProvider;
}

/** `pack` is a string in the spec (`50`, `200`, `500`); a number is accepted too. */
export class BuyCreditsDto {
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @IsIn(CREDIT_PACK_IDS, { message: M.invalidPack }) pack!: CreditPack;
}

export class DeploySubscriptionDto {
  @IsOptional() @IsString({ message: M.customerIdRequired }) @MaxLength(255, { message: M.customerIdRequired }) customerId?: string;
  @IsOptional() @IsString({ message: M.customerIdRequired }) @MaxLength(255, { message: M.customerIdRequired }) stripeCustomerId?: string;
  @IsIn(DEPLOY_TIERS, { message: M.invalidTier }) @IsDefined({ message: M.tierRequired }) tier!: DeployTier;
  @IsOptional() @IsString() @MaxLength(255) subscriptionId?: string;
}
