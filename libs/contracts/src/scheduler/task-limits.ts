import type { Plan } from '../plans.js';

/**
 * Scheduled tasks a user may hold, enabled or not (ours, docs/spec-decisions.md): the legacy plans
 * count as the plan they price like, and free holds none.
 */
export const SCHEDULED_TASKS_PER_PLAN: Readonly<Record<Plan, number>> = {
  free: 0,
  label: 5,
  solo: 20,
  collective: 50,
  network: 500,
  underground: 5,
  starter: 5,
  pro: 20,
  scale: 50,
  enterprise: 500,
  white_glove: 500,
};
