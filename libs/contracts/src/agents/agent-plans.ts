import type { Plan } from '../plans.js';

/** Plans an agent runs on (checkout and AI plans, platform-core section 2). */
export const AGENT_PLANS = ['solo', 'collective', 'label', 'network'] as const;
export type AgentPlan = (typeof AGENT_PLANS)[number];

/** Tiers of POST /api/agents/provision. */
export const WEB_TIERS = ['starter', 'pro', 'enterprise'] as const;
export type WebTier = (typeof WEB_TIERS)[number];

/** Models POST /api/agents/provision offers; the first is the default. */
export const PROVISION_MODELS = ['claude-opus-4-6', 'gpt-4', 'custom'] as const;
export type ProvisionModel = (typeof PROVISION_MODELS)[number];

/**
 * The catalogue model an agent asks the AI layer for. `custom` names none: the AI layer picks one
 * the owner's plan allows.
 */
export const PROVISION_MODEL_IDS: Readonly<Record<ProvisionModel, string | undefined>> = {
  'claude-opus-4-6': 'anthropic/claude-opus-4-6',
  'gpt-4': 'openai/gpt-4o',
  custom: undefined,
};

export interface PlanResources {
  /** Gigabytes. */
  memory: number;
  cpus: number;
}

/** Resources per plan (platform-core section 8), legacy plans included; billing's subscriptions/deploy reports them too. */
export const PLAN_RESOURCES: Readonly<Record<Exclude<Plan, 'free'>, PlanResources>> = {
  solo: { memory: 2, cpus: 1 },
  collective: { memory: 4, cpus: 2 },
  label: { memory: 8, cpus: 4 },
  network: { memory: 16, cpus: 4 },
  underground: { memory: 2, cpus: 1 },
  starter: { memory: 2, cpus: 1 },
  pro: { memory: 4, cpus: 2 },
  scale: { memory: 8, cpus: 4 },
  enterprise: { memory: 16, cpus: 4 },
  white_glove: { memory: 32, cpus: 8 },
};
