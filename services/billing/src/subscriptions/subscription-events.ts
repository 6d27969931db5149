import type { SubscriptionStatus } from '@platform/contracts';

/**
 * The processor's subscription statuses in ours (platform-core section 3): paying or trialling is
 * active, a failed renewal past_due until it is paid or given up, ended is canceled.
 */
const STATUS: Readonly<Record<string, SubscriptionStatus>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
  incomplete: 'inactive',
  paused: 'inactive',
};

export function statusOf(processorStatus: string): SubscriptionStatus {
  return STATUS[processorStatus] ?? 'inactive';
}

/**
 * Where an event stands in a subscription's life. The processor's `created` is in whole seconds, so
 * events of one second are ordered by what they mean: paid, then changed or failed, then ended.
 */
export interface EventPosition {
  created: number;
  rank: number;
}

export const RANK = { paid: 0, changed: 1, ended: 2 } as const;

/**
 * Whether an event at `next` may change a subscription last changed at `last`. Never once it ended
 * (the processor does not revive a canceled subscription; paying again makes a new one), never from
 * an older position; a later one, or another of the same second and meaning, may.
 */
export function isNewer(next: EventPosition, last: EventPosition & { status: SubscriptionStatus }): boolean {
  if (last.status === 'canceled') return false;
  return next.created > last.created || (next.created === last.created && next.rank >= last.rank);
}
