import { replyPlan } from './reply-rules.js';

describe('replyPlan', () => {
  it('answers a booking request with an offer carrying its booking id and terms, the budget as the price', () => {
    expect(replyPlan('BOOKING_REQUEST', { bookingId: 'b-1', date: '2026-12-31', time: '22:00', venue: 'Hall', budget: '500', currency: 'USDC', note: 'x' }))
      .toEqual({ action: 'BOOKING_OFFER', fields: { bookingId: 'b-1', date: '2026-12-31', time: '22:00', venue: 'Hall', price: '500', currency: 'USDC' } });
  });

  it('keeps a price the message names over its budget', () => {
    expect(replyPlan('BOOKING_REQUEST', { bookingId: 'b-1', price: '400', budget: '500' })?.fields.price).toBe('400');
  });

  it.each(['BOOKING_OFFER', 'BOOKING_COUNTER'])('accepts a %s at its terms', (action) => {
    expect(replyPlan(action, { bookingId: 'b-2', price: '450', time: '23:00' })).toEqual({ action: 'BOOKING_ACCEPT', fields: { bookingId: 'b-2', price: '450', time: '23:00' } });
  });

  it.each(['BOOKING_ACCEPT', 'BOOKING_DECLINE', 'BOOKING_CANCEL', 'BOOKING_SOMETHING'])('does not answer %s', (action) => {
    expect(replyPlan(action, { bookingId: 'b-3', replyRequested: true })).toBeNull();
  });

  it('does not answer a booking move without a booking id', () => {
    expect(replyPlan('BOOKING_REQUEST', { date: '2026-12-31' })).toBeNull();
  });

  it('does not answer a booking move that says replyRequested false', () => {
    expect(replyPlan('BOOKING_REQUEST', { bookingId: 'b-4', replyRequested: false })).toBeNull();
  });

  it('answers any other action with REPLY only when it asks', () => {
    expect(replyPlan('AMPLIFY_RELEASE', { replyRequested: true })).toEqual({ action: 'REPLY', fields: {} });
    expect(replyPlan('HELLO', { replyRequested: true })).toEqual({ action: 'REPLY', fields: {} });
    expect(replyPlan('HELLO', {})).toBeNull();
    expect(replyPlan('REPLY', { replyRequested: 'yes' })).toBeNull();
  });
});
