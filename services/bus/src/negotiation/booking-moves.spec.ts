import { bookingMove, type BookingAction, type BookingRole, type BookingState } from './booking-moves.js';

describe('bookingMove', () => {
  it.each<[BookingAction, BookingState | null, BookingRole, BookingState]>([
    ['BOOKING_REQUEST', null, 'requester', 'requested'],
    ['BOOKING_OFFER', 'requested', 'provider', 'offered'],
    ['BOOKING_OFFER', 'countered', 'provider', 'offered'],
    ['BOOKING_COUNTER', 'offered', 'requester', 'countered'],
    ['BOOKING_ACCEPT', 'offered', 'requester', 'accepted'],
    ['BOOKING_ACCEPT', 'countered', 'provider', 'accepted'],
    ['BOOKING_DECLINE', 'requested', 'provider', 'declined'],
    ['BOOKING_DECLINE', 'offered', 'requester', 'declined'],
    ['BOOKING_DECLINE', 'countered', 'provider', 'declined'],
    ['BOOKING_CANCEL', 'requested', 'requester', 'cancelled'],
    ['BOOKING_CANCEL', 'offered', 'provider', 'cancelled'],
    ['BOOKING_CANCEL', 'accepted', 'requester', 'cancelled'],
  ])('allows %s in %s by the %s, leading to %s', (action, state, role, next) => {
    expect(bookingMove(action, state, role)).toEqual({ ok: true, next });
  });

  it.each<[BookingAction, BookingState | null, BookingRole]>([
    ['BOOKING_REQUEST', 'requested', 'requester'],
    ['BOOKING_OFFER', null, 'provider'],
    ['BOOKING_OFFER', 'offered', 'provider'],
    ['BOOKING_COUNTER', 'requested', 'requester'],
    ['BOOKING_ACCEPT', 'requested', 'provider'],
    ['BOOKING_ACCEPT', 'accepted', 'requester'],
    ['BOOKING_DECLINE', 'accepted', 'provider'],
    ['BOOKING_CANCEL', 'declined', 'requester'],
    ['BOOKING_CANCEL', 'cancelled', 'provider'],
  ])('refuses %s in %s (the state does not allow it)', (action, state, role) => {
    expect(bookingMove(action, state, role)).toEqual({ ok: false, reason: 'state' });
  });

  it.each<[BookingAction, BookingState, BookingRole]>([
    ['BOOKING_OFFER', 'requested', 'requester'],
    ['BOOKING_COUNTER', 'offered', 'provider'],
    ['BOOKING_ACCEPT', 'offered', 'provider'],
    ['BOOKING_ACCEPT', 'countered', 'requester'],
    ['BOOKING_DECLINE', 'requested', 'requester'],
  ])('refuses %s in %s by the %s (not their move)', (action, state, role) => {
    expect(bookingMove(action, state, role)).toEqual({ ok: false, reason: 'turn' });
  });
});
