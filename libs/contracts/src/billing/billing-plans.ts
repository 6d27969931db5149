import type { Plan } from '../plans.js';

/** The billing API's plan family (platform-core 4.6): GET /api/billing lists these, create-checkout sells them. */
export const BILLING_API_PLANS = ['starter', 'pro', 'scale'] as const;
export type BillingApiPlan = (typeof BILLING_API_PLANS)[number];

/** Plans GET /api/billing-provider/checkout sells (the checkout and AI family). */
export const CHECKOUT_PLANS = ['solo', 'collective', 'label', 'network'] as const;
export type CheckoutPlan = (typeof CHECKOUT_PLANS)[number];

/** Every plan a subscription can be bought for. */
export type SellablePlan = BillingApiPlan | CheckoutPlan;

export function isCheckoutPlan(value: unknown): value is CheckoutPlan {
  return (CHECKOUT_PLANS as readonly unknown[]).includes(value);
}

/** Whether a checkout's metadata names a plan the platform sells. */
export function isSellablePlan(value: unknown): value is SellablePlan {
  return isCheckoutPlan(value) || (BILLING_API_PLANS as readonly unknown[]).includes(value);
}

export const BILLING_CURRENCY = 'gbp';

/** Monthly prices in pence: 4.6 gives starter 19, pro 39, scale 79 and solo 29, collective 69, label 149, network 499 (GBP). */
export const PLAN_PRICES_PENCE: Readonly<Record<SellablePlan, number>> = {
  starter: 1900, pro: 3900, scale: 7900,
  solo: 2900, collective: 6900, label: 14900, network: 49900,
};

/**
 * Daily units per plan. A unit is one AI call the platform served for the user (a chat completion
 * through the AI layer by any of the user's agents, keys or the backend on the user's behalf), counted
 * from usage per UTC day. starter, pro and scale are 4.6's; the others are ours (docs/spec-decisions.md).
 */
export const DAILY_UNITS: Readonly<Record<Plan, number>> = {
  free: 0,
  starter: 600, pro: 1000, scale: 2500,
  solo: 600, collective: 1000, label: 2500, network: 10000,
  underground: 600, enterprise: 10000, white_glove: 10000,
};

export interface BillingPlanView {
  name: string;
  price: number;
  dailyUnits: number;
  features: string[];
}

/** The plan map of GET /api/billing (4.6). */
export const BILLING_PLAN_CATALOGUE: Readonly<Record<BillingApiPlan, BillingPlanView>> = {
  starter: { name: 'Starter', price: 19, dailyUnits: DAILY_UNITS.starter, features: ['1 agent', `${DAILY_UNITS.starter} daily units`, 'All base models', 'Email support'] },
  pro: { name: 'Pro', price: 39, dailyUnits: DAILY_UNITS.pro, features: ['3 agents', `${DAILY_UNITS.pro} daily units`, 'All base models', 'Bring your own key', 'Priority support'] },
  scale: { name: 'Scale', price: 79, dailyUnits: DAILY_UNITS.scale, features: ['10 agents', `${DAILY_UNITS.scale} daily units`, 'All models', 'Bring your own key', 'Dedicated support'] },
};

/** Credit packs of buy-credits: the pack is its price in US dollars. */
export const CREDIT_PACKS = { '50': 5, '200': 15, '500': 30 } as const;
export type CreditPack = keyof typeof CREDIT_PACKS;
export const CREDIT_PACK_IDS = Object.keys(CREDIT_PACKS) as CreditPack[];
export const CREDIT_CURRENCY = 'usd';

/** `$50.00` for pack `50`. */
export function creditPackPrice(pack: CreditPack): string {
  return `$${Number(pack).toFixed(2)}`;
}

/** Tiers POST /api/subscriptions/deploy accepts: every plan that has resources (platform-core 4.6, 8). */
export const DEPLOY_TIERS = [
  'solo', 'collective', 'label', 'network', 'underground', 'starter', 'pro', 'scale', 'enterprise', 'white_glove',
] as const;
export type DeployTier = (typeof DEPLOY_TIERS)[number];
