import { BOOKING_ACTIONS } from '@platform/contracts';

export const BOOKING_STATES = ['requested', 'offered', 'countered', 'accepted', 'declined', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export type BookingAction = (typeof BOOKING_ACTIONS)[keyof typeof BOOKING_ACTIONS];

export type BookingRole = 'requester' | 'provider';

/**
 * Who may send what when (docs/bus.md draws it). `awaited` moves belong to the party the last
 * message was addressed to: the provider answers a request or a counter, the requester answers an
 * offer. Either party may cancel until the booking is declined or cancelled.
 */
const MOVES: Record<Exclude<BookingAction, 'BOOKING_REQUEST'>, { from: readonly BookingState[]; to: BookingState; by: 'awaited' | 'either' }> = {
  BOOKING_OFFER: { from: ['requested', 'countered'], to: 'offered', by: 'awaited' },
  BOOKING_COUNTER: { from: ['offered'], to: 'countered', by: 'awaited' },
  BOOKING_ACCEPT: { from: ['offered', 'countered'], to: 'accepted', by: 'awaited' },
  BOOKING_DECLINE: { from: ['requested', 'offered', 'countered'], to: 'declined', by: 'awaited' },
  BOOKING_CANCEL: { from: ['requested', 'offered', 'countered', 'accepted'], to: 'cancelled', by: 'either' },
};

/** The party whose move it is: the one the last request, offer or counter went to. */
export function awaitedParty(state: BookingState): BookingRole | null {
  if (state === 'requested' || state === 'countered') return 'provider';
  if (state === 'offered') return 'requester';
  return null;
}

export type MoveVerdict = { ok: true; next: BookingState } | { ok: false; reason: 'state' | 'turn' };

/** Whether `role` may make `action` in `state` (null: no negotiation yet), and where it leads. */
export function bookingMove(action: BookingAction, state: BookingState | null, role: BookingRole): MoveVerdict {
  if (action === 'BOOKING_REQUEST') return state === null ? { ok: true, next: 'requested' } : { ok: false, reason: 'state' };
  const move = MOVES[action];
  if (state === null || !move.from.includes(state)) return { ok: false, reason: 'state' };
  if (move.by === 'awaited' && awaitedParty(state) !== role) return { ok: false, reason: 'turn' };
  return { ok: true, next: move.to };
}

export function isBookingAction(action: string): action is BookingAction {
  return (Object.values(BOOKING_ACTIONS) as string[]).includes(action);
}
