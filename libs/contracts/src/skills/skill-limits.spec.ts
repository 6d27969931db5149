import { featuresOf, PLAN_FEATURES } from '../plan-features.js';
import { PLANS } from '../plans.js';
import { skillLimitOf, SKILLS_PER_PLAN } from './skill-limits.js';

/** Platform-core 8's skill limit table, written out: the test fails if the code drifts from it. */
const TABLE = [
  { plan: 'label', limit: 3 },
  { plan: 'solo', limit: 10 },
  { plan: 'collective', limit: 25 },
  { plan: 'network', limit: 100 },
] as const;

describe('the skill limit per plan (platform-core 8)', () => {
  it.each(TABLE)('$plan installs $limit skills, and its features say skills:$limit', ({ plan, limit }) => {
    expect(skillLimitOf(plan)).toBe(limit);
    expect(SKILLS_PER_PLAN[plan]).toBe(limit);
    expect(featuresOf(plan).filter((feature) => feature.startsWith('skills:'))).toEqual([`skills:${limit}`]);
  });

  it.each(PLANS.filter((plan) => !TABLE.some((row) => row.plan === plan)))('%s, a plan without skills, installs 0 and has no skills feature', (plan) => {
    expect(skillLimitOf(plan)).toBe(0);
    expect(PLAN_FEATURES[plan].some((feature) => feature.startsWith('skills:'))).toBe(false);
  });
});
