import type { Plan } from '../plans.js';

/**
 * Agent-to-agent messages a user's agents may send per UTC day (platform-core 8). Plans the table
 * does not name send none (docs/spec-decisions.md).
 */
export const A2A_MESSAGES_PER_DAY: Readonly<Partial<Record<Plan, number>>> = {
  label: 100,
  solo: 500,
  collective: 2000,
  network: 10_000,
};

export function a2aLimitOf(plan: Plan): number {
  return A2A_MESSAGES_PER_DAY[plan] ?? 0;
}
