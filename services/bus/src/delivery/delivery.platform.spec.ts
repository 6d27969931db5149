import { randomUUID } from 'node:crypto';
import { BUS_MESSAGES as M, QUEUES } from '@platform/contracts';
import { BEARER, loseWaitingJobs, queuedJobs, type TestUser } from '@platform/testing';
import { BusTestbed, TEST_DELIVERY_ENV, type TestAgent } from '../testing/bus-testbed.js';

let bed: BusTestbed;
let owner: TestUser;
let alice: TestAgent;

beforeAll(async () => {
  bed = await BusTestbed.start();
  owner = await bed.user();
  alice = await bed.agent(owner);
}, 120_000);

afterAll(async () => {
  await bed?.close();
});

const ATTEMPTS = Number(TEST_DELIVERY_ENV.BUS_DELIVERY_ATTEMPTS);

describe('delivery on bus.deliver', () => {
  it('retries a recipient whose runtime is down and delivers once it is back', async () => {
    const bob = await bed.agent(owner, false);
    bed.receiver.down(bob.agentId);
    const message = await bed.sign(bed.unsigned(alice, bob, 'HELLO'));

    await bed.send(message);
    const failing = await bed.backend.get(`/api/underground/bus/messages/${message.messageId}`, BEARER);
    await waitForAttempts(message.messageId, 2);
    bed.receiver.up(bob.agentId);
    const settled = await bed.settled(message.messageId);

    expect(failing.body.deliveries[0].status).toBe('queued');
    expect(settled.deliveries).toEqual([{
      recipientAgentId: bob.agentId, status: 'delivered', attempts: expect.any(Number), lastError: 'The runtime answered 503', deliveredAt: expect.any(String),
    }]);
    expect(settled.deliveries[0]!.attempts).toBeGreaterThanOrEqual(3);
    expect(bed.receiver.received(bob.agentId).map((received) => received.message)).toEqual([message]);
  }, 30_000);

  it('leaves the copy dead, its last error kept, when the runtime is down past the last attempt', async () => {
    const bob = await bed.agent(owner, false);
    bed.receiver.down(bob.agentId);
    const message = await bed.sign(bed.unsigned(alice, bob, 'HELLO'));

    await bed.send(message);
    const settled = await bed.settled(message.messageId, 25_000);

    expect(settled.deliveries).toEqual([{
      recipientAgentId: bob.agentId, status: 'dead', attempts: ATTEMPTS, lastError: 'The runtime answered 503', deliveredAt: null,
    }]);
    expect(bed.receiver.received(bob.agentId)).toEqual([]);
  }, 30_000);

  it('delivers a copy whose job Redis lost: the sweep queues it again', async () => {
    const bob = await bed.agent(owner, false);
    bed.receiver.down(bob.agentId);
    const message = await bed.sign(bed.unsigned(alice, bob, 'HELLO'));

    await bed.send(message);
    await waitForAttempts(message.messageId, 1);
    await loseWaitingJobs(bed.platform.env, QUEUES.busDeliver);
    const lost = (await queuedJobs(bed.platform.env, QUEUES.busDeliver)).filter((job) => job.data.messageId === message.messageId);
    bed.receiver.up(bob.agentId);
    const settled = await bed.settled(message.messageId);

    expect(lost).toEqual([]);
    expect(settled.deliveries[0]!.status).toBe('delivered');
    expect(bed.receiver.received(bob.agentId).map((received) => received.message)).toEqual([message]);
  }, 30_000);

  it('delivers one recipient\'s messages of a booking in order: a later one waits while an earlier one is retried', async () => {
    const bob = await bed.agent(owner);
    bed.receiver.down(bob.agentId);
    const booking = { bookingId: `booking-${bob.agentId}` };

    const request = await bed.send(await bed.sign(bed.unsigned(alice, bob, 'BOOKING_REQUEST', booking)));
    const offer = await bed.send(await bed.sign(bed.unsigned(bob, alice, 'BOOKING_OFFER', { ...booking, price: '10' })));
    const counter = await bed.send(await bed.sign(bed.unsigned(alice, bob, 'BOOKING_COUNTER', { ...booking, price: '8' })));
    const heldCounter = await bed.status(counter.body.messageId);
    await waitForAttempts(request.body.messageId, 2);
    bed.receiver.up(bob.agentId);
    await bed.settled(counter.body.messageId);

    expect([request.status, offer.status, counter.status]).toEqual([200, 200, 200]);
    expect(heldCounter.body.deliveries[0].status).toBe('held');
    expect(bed.receiver.received(bob.agentId).map((received) => received.message.action)).toEqual(['BOOKING_REQUEST', 'BOOKING_COUNTER']);
  }, 30_000);

  it('releases a later message of a booking when the earlier one goes dead', async () => {
    const bob = await bed.agent(owner);
    bed.receiver.down(bob.agentId);
    const booking = { bookingId: `booking-dead-${bob.agentId}` };

    const request = await bed.send(await bed.sign(bed.unsigned(alice, bob, 'BOOKING_REQUEST', booking)));
    const cancel = await bed.send(await bed.sign(bed.unsigned(alice, bob, 'BOOKING_CANCEL', booking)));
    await bed.settled(request.body.messageId, 25_000);
    bed.receiver.up(bob.agentId);
    const released = await bed.settled(cancel.body.messageId);

    expect(released.deliveries[0]!.status).toBe('delivered');
    expect(bed.receiver.received(bob.agentId).map((received) => received.message.action)).toEqual(['BOOKING_CANCEL']);
  }, 40_000);
});

describe('amplification', () => {
  const subscribe = (publisherAgentId: string, subscriberAgentId: string) =>
    bed.backend.post('/api/underground/bus/subscriptions', { publisherAgentId, subscriberAgentId }, BEARER);
  const unsubscribe = (publisherAgentId: string, subscriberAgentId: string) =>
    bed.backend.delete('/api/underground/bus/subscriptions', { publisherAgentId, subscriberAgentId }, BEARER);

  it('delivers an AMPLIFY_ message once to each of the sender\'s 50 subscribers', async () => {
    const publisher = await bed.agent(owner);
    const subscribers = await Promise.all(Array.from({ length: 50 }, () => bed.agent(owner, false)));
    const subscribed = await Promise.all(subscribers.map((subscriber) => subscribe(publisher.agentId, subscriber.agentId)));

    const message = await bed.sign(bed.unsigned(publisher, publisher, 'AMPLIFY_NEWS', { text: 'new single' }));
    const response = await bed.send(message);
    const settled = await bed.settled(message.messageId);

    expect(subscribed.map((reply) => reply.status)).toEqual(Array(50).fill(201));
    expect(response.status).toBe(200);
    expect(settled.deliveries).toHaveLength(50);
    expect(settled.deliveries.every((copy) => copy.status === 'delivered' && copy.attempts === 1)).toBe(true);
    for (const subscriber of subscribers) expect(bed.receiver.received(subscriber.agentId).map((received) => received.message)).toEqual([message]);
  }, 30_000);

  it('answers 200 with the subscription when it exists already', async () => {
    const [publisher, subscriber] = [await bed.agent(owner), await bed.agent(owner, false)];
    await subscribe(publisher.agentId, subscriber.agentId);

    const again = await subscribe(publisher.agentId, subscriber.agentId);

    expect(again.status).toBe(200);
    expect(again.body).toEqual({ publisherAgentId: publisher.agentId, subscriberAgentId: subscriber.agentId });
  });

  it('stops amplifying to an agent that unsubscribed, and answers 404 for a subscription that is gone', async () => {
    const [publisher, stays, leaves] = [await bed.agent(owner), await bed.agent(owner, false), await bed.agent(owner, false)];
    await subscribe(publisher.agentId, stays.agentId);
    await subscribe(publisher.agentId, leaves.agentId);

    const removed = await unsubscribe(publisher.agentId, leaves.agentId);
    const again = await unsubscribe(publisher.agentId, leaves.agentId);
    const message = await bed.sign(bed.unsigned(publisher, publisher, 'AMPLIFY_NEWS'));
    await bed.send(message);
    const settled = await bed.settled(message.messageId);

    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ publisherAgentId: publisher.agentId, subscriberAgentId: leaves.agentId, deleted: true });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: M.subscriptionNotFound });
    expect(settled.deliveries.map((copy) => copy.recipientAgentId)).toEqual([stays.agentId]);
  });

  it.each([
    [400, 'an agent subscribes to itself', 'self', M.selfSubscription],
    [404, 'the subscriber does not exist', 'unknown', M.agentNotFound],
  ])('returns %i when %s', async (status, _case, kind, error) => {
    const publisher = await bed.agent(owner);

    const response = await subscribe(publisher.agentId, kind === 'self' ? publisher.agentId : randomUUID());

    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error });
  });

  it('returns 400 without a subscriberAgentId', async () => {
    const response = await bed.backend.post('/api/underground/bus/subscriptions', { publisherAgentId: alice.agentId }, BEARER);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: M.subscriberRequired });
  });
});

async function waitForAttempts(messageId: string, attempts: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await bed.status(messageId)).body.deliveries[0].attempts < attempts) {
    if (Date.now() > deadline) throw new Error(`${messageId} never reached ${attempts} attempts`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
