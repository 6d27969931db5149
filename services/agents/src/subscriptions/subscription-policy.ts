import type { SubscriptionStatus } from '@platform/contracts';

export type SubscriptionEffect = 'suspend' | 'resume' | null;

/**
 * What a subscription status does to the user's agents (docs/agents.md). past_due and inactive
 * change nothing: a grace period while billing retries or the user pays, so running agents go on and
 * suspended ones wait for `active`.
 */
export const SUBSCRIPTION_EFFECTS: Readonly<Record<SubscriptionStatus, SubscriptionEffect>> = {
  active: 'resume',
  canceled: 'suspend',
  past_due: null,
  inactive: null,
};

export interface AppliedChange {
  eventId: string;
  occurredAt: Date;
}

/**
 * Whether an event is applied after `last` (the one applied before, if any): a newer one is, an older
 * one is not (a redelivery after a newer event), and at the same instant only another event is, so a
 * duplicate acts once.
 */
export function supersedes(event: AppliedChange, last: AppliedChange | null): boolean {
  if (!last) return true;
  const newer = event.occurredAt.getTime() - last.occurredAt.getTime();
  return newer > 0 || (newer === 0 && event.eventId !== last.eventId);
}
