import { randomUUID } from 'node:crypto';
import { BUS_MESSAGES as M, illegalBookingMove, notYourBookingMove } from '@platform/contracts';
import { BusTestbed, type TestAgent } from '../testing/bus-testbed.js';

let bed: BusTestbed;
let guest: TestAgent;
let venue: TestAgent;
let outsider: TestAgent;

beforeAll(async () => {
  bed = await BusTestbed.start();
  const owner = await bed.user();
  [guest, venue, outsider] = [await bed.agent(owner), await bed.agent(owner), await bed.agent(owner)];
}, 120_000);

afterAll(async () => {
  await bed?.close();
});

/** Sends each [from, to, action] of one new booking in turn; the statuses and bodies answered. */
async function negotiate(moves: [TestAgent, TestAgent, string][], bookingId = `booking-${randomUUID()}`) {
  const answers: { status: number; body: unknown }[] = [];
  for (const [from, to, action] of moves) {
    const response = await bed.signAndSend(from, to, action, { bookingId });
    answers.push({ status: response.status, body: response.body });
  }
  return answers;
}

describe('booking negotiation (BOOKING_)', () => {
  it('accepts request, offer, counter, offer, accept and cancel, each in turn, and delivers each to the other agent', async () => {
    const bookingId = `booking-${randomUUID()}`;

    const answers = await negotiate([
      [guest, venue, 'BOOKING_REQUEST'], [venue, guest, 'BOOKING_OFFER'], [guest, venue, 'BOOKING_COUNTER'],
      [venue, guest, 'BOOKING_OFFER'], [guest, venue, 'BOOKING_ACCEPT'], [venue, guest, 'BOOKING_CANCEL'],
    ], bookingId);
    const last = answers.at(-1)!.body as { messageId: string };
    await bed.settled(last.messageId);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const seen = (agent: TestAgent) => bed.receiver.received(agent.agentId)
      .filter((received) => JSON.parse(received.message.payload).bookingId === bookingId).map((received) => received.message.action);
    expect(seen(venue)).toEqual(['BOOKING_REQUEST', 'BOOKING_COUNTER', 'BOOKING_ACCEPT']);
    expect(seen(guest)).toEqual(['BOOKING_OFFER', 'BOOKING_OFFER', 'BOOKING_CANCEL']);
  });

  it('lets the provider decline a request', async () => {
    const answers = await negotiate([[guest, venue, 'BOOKING_REQUEST'], [venue, guest, 'BOOKING_DECLINE']]);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  });

  it('returns 409 for a move before any request', async () => {
    const [offer] = await negotiate([[venue, guest, 'BOOKING_OFFER']]);

    expect(offer).toEqual({ status: 409, body: { error: illegalBookingMove('BOOKING_OFFER', null) } });
  });

  it('returns 409 for a second request of one booking', async () => {
    const [, again] = await negotiate([[guest, venue, 'BOOKING_REQUEST'], [guest, venue, 'BOOKING_REQUEST']]);

    expect(again).toEqual({ status: 409, body: { error: illegalBookingMove('BOOKING_REQUEST', 'requested') } });
  });

  it('returns 409 when the requester makes the provider\'s move', async () => {
    const [, offer] = await negotiate([[guest, venue, 'BOOKING_REQUEST'], [guest, venue, 'BOOKING_OFFER']]);

    expect(offer).toEqual({ status: 409, body: { error: notYourBookingMove('BOOKING_OFFER', 'requested') } });
  });

  it('returns 409 for a move after the booking is accepted', async () => {
    const answers = await negotiate([
      [guest, venue, 'BOOKING_REQUEST'], [venue, guest, 'BOOKING_OFFER'], [guest, venue, 'BOOKING_ACCEPT'], [venue, guest, 'BOOKING_COUNTER'],
    ]);

    expect(answers.at(-1)).toEqual({ status: 409, body: { error: illegalBookingMove('BOOKING_COUNTER', 'accepted') } });
  });

  it('returns 409 for a move after the booking is cancelled, and stores nothing', async () => {
    const bookingId = `booking-${randomUUID()}`;
    await negotiate([[guest, venue, 'BOOKING_REQUEST'], [guest, venue, 'BOOKING_CANCEL']], bookingId);
    const refused = await bed.sign(bed.unsigned(venue, guest, 'BOOKING_OFFER', { bookingId }));

    const response = await bed.send(refused);
    const stored = await bed.status(refused.messageId);

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: illegalBookingMove('BOOKING_OFFER', 'cancelled') });
    expect(stored.status).toBe(404);
  });

  it('returns 403 for an agent that is not one of the booking\'s two', async () => {
    const [, intrusion] = await negotiate([[guest, venue, 'BOOKING_REQUEST'], [outsider, guest, 'BOOKING_OFFER']]);

    expect(intrusion).toEqual({ status: 403, body: { error: M.notBookingParty } });
  });

  it('accepts one of five requests of one new booking sent at once', async () => {
    const bookingId = `booking-${randomUUID()}`;
    const requests = await Promise.all(Array.from({ length: 5 }, () => bed.sign(bed.unsigned(guest, venue, 'BOOKING_REQUEST', { bookingId }))));

    const responses = await Promise.all(requests.map((request) => bed.send(request)));

    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it.each([
    ['the action is no booking move', 'BOOKING_HAGGLE', { bookingId: 'b-1' }, M.unknownBookingAction],
    ['the payload has no bookingId', 'BOOKING_REQUEST', { when: 'friday' }, M.bookingIdRequired],
    ['the payload is not an object', 'BOOKING_REQUEST', ['b-1'], M.bookingIdRequired],
  ])('returns 400 when %s', async (_case, action, payload, error) => {
    const response = await bed.signAndSend(guest, venue, action, payload);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });
});
