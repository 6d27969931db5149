import type { TicketTier } from '@platform/contracts';

/** What a tier costs in multiples of the event's ticket_price_usdc (docs/spec-decisions.md): VIP is twice the door. */
export const TIER_PRICE_MULTIPLIER: Readonly<Record<TicketTier, bigint>> = { general: 1n, vip: 2n };
