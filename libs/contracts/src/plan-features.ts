import { PLAN_MODELS, type AiPlan } from './ai/plan-access.js';
import type { Plan } from './plans.js';
import { A2A_MESSAGES_PER_DAY } from './bus/a2a-limits.js';
import { SKILLS_PER_PLAN } from './skills/skill-limits.js';

/** `models:<count>` from the plan's model set, so the feature and the access rule cannot disagree. */
const models = (plan: AiPlan) => {
  const set = PLAN_MODELS[plan];
  return `models:${set === 'all' ? 'all' : set.length}`;
};

const a2a = (plan: keyof typeof A2A_MESSAGES_PER_DAY) => `a2a-messages:${A2A_MESSAGES_PER_DAY[plan]}`;

const skills = (plan: keyof typeof SKILLS_PER_PLAN) => `skills:${SKILLS_PER_PLAN[plan]}`;

/**
 * What each plan unlocks, as data: validate-key and keys/validate report these names.
 * Numbers come from platform-core section 8 (plan-based model access table).
 */
export const PLAN_FEATURES: Readonly<Record<Plan, readonly string[]>> = {
  free: [],
  label: ['ai-chat', models('label'), 'agents:1', skills('label'), a2a('label')],
  solo: ['ai-chat', models('solo'), 'agents:3', skills('solo'), a2a('solo')],
  collective: ['ai-chat', models('collective'), 'agents:10', skills('collective'), a2a('collective')],
  network: ['ai-chat', models('network'), 'agents:100', skills('network'), a2a('network')],
  underground: ['ai-chat', 'agents:1'],
  starter: ['ai-chat', 'agents:1'],
  pro: ['ai-chat', 'agents:3'],
  scale: ['ai-chat', 'agents:10'],
  enterprise: ['ai-chat', 'agents:100'],
  white_glove: ['ai-chat', 'agents:100'],
};

export function featuresOf(plan: Plan): string[] {
  return [...PLAN_FEATURES[plan]];
}
