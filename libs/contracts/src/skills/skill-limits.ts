import type { Plan } from '../plans.js';

/**
 * Skills a user may have installed across all their agents (platform-core 8, skill limit per plan;
 * counted per user: docs/spec-decisions.md). Plans the table does not name install none.
 */
export const SKILLS_PER_PLAN: Readonly<Partial<Record<Plan, number>>> = {
  label: 3,
  solo: 10,
  collective: 25,
  network: 100,
};

export function skillLimitOf(plan: Plan): number {
  return SKILLS_PER_PLAN[plan] ?? 0;
}
