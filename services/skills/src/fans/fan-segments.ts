/** The segments groupie-manager sorts an organizer's fans into, most engaged first (docs/skills.md). */
export const FAN_SEGMENTS = ['superfans', 'regulars', 'newcomers', 'prospects'] as const;
export type FanSegment = (typeof FAN_SEGMENTS)[number];

/** A superfan has bought this often, or spent this much (USDC units: 100 USDC). */
export const SUPERFAN_PURCHASES = 3;
export const SUPERFAN_SPENT_UNITS = 100_000_000n;

/**
 * The rule as SQL over skills.fans, so the database segments the list: superfans (3+ purchases or
 * 100+ USDC), regulars (2 purchases), newcomers (1), prospects (added by hand, nothing bought yet).
 */
export const FAN_SEGMENT_SQL = `CASE
  WHEN purchases >= ${SUPERFAN_PURCHASES} OR spent >= ${SUPERFAN_SPENT_UNITS} THEN 'superfans'
  WHEN purchases = 2 THEN 'regulars'
  WHEN purchases = 1 THEN 'newcomers'
  ELSE 'prospects' END`;
