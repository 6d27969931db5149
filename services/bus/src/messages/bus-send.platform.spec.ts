import { randomUUID } from 'node:crypto';
import { a2aLimitReached, AGENT_MESSAGE_MAX_SKEW_SECONDS, agentMessageTypedData, BUS_MESSAGES as M } from '@platform/contracts';
import { BEARER, waitUntil, type TestUser } from '@platform/testing';
import pg from 'pg';
import { verifyTypedData, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { BusTestbed, type TestAgent } from '../testing/bus-testbed.js';

let bed: BusTestbed;
let owner: TestUser;
let alice: TestAgent;
let bob: TestAgent;

beforeAll(async () => {
  // 110 sends at once through a gateway, three services and their callers in this one process: on a
  // loaded machine some wait past the 5 s request timeout for CPU alone, and 502 says nothing of the
  // A2A count these tests are about. The pool's 2 s wait for a connection still applies.
  bed = await BusTestbed.start(undefined, { NATS_REQUEST_TIMEOUT_MS: '30000' });
  owner = await bed.user();
  alice = await bed.agent(owner);
  bob = await bed.agent(owner);
}, 120_000);

afterAll(async () => {
  await bed?.close();
});

describe('POST /api/underground/bus/send', () => {
  it('accepts a message its sender\'s wallet signed and delivers it to the recipient\'s runtime with its gateway token', async () => {
    const message = await bed.sign(bed.unsigned(alice, bob, 'HELLO', { text: 'hi' }));

    const response = await bed.send(message);
    const settled = await bed.settled(message.messageId);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, messageId: message.messageId });
    expect(settled.deliveries).toEqual([{ recipientAgentId: bob.agentId, status: 'delivered', attempts: 1, lastError: null, deliveredAt: expect.any(String) }]);
    expect(bed.receiver.received(bob.agentId)).toEqual([{ message, authorization: `Bearer ${bob.gatewayToken}` }]);
  });

  it('returns 401 when the signature does not cover the message sent', async () => {
    const signed = await bed.sign(bed.unsigned(alice, bob, 'HELLO', { amount: 1 }));

    const response = await bed.send({ ...signed, payload: JSON.stringify({ amount: 1000 }) });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: M.invalidSignature });
  });

  it('returns 401 when another key signed for the sender', async () => {
    const unsigned = bed.unsigned(alice, bob, 'HELLO');
    const signature = await privateKeyToAccount(generatePrivateKey()).signTypedData(agentMessageTypedData(unsigned));

    const response = await bed.send({ ...unsigned, signature });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: M.invalidSignature });
  });

  it('returns 401 for a sender the platform holds no wallet for', async () => {
    const stranger = { ...alice, agentId: randomUUID() };
    const unsigned = bed.unsigned(stranger, bob, 'HELLO');
    const signature = await privateKeyToAccount(generatePrivateKey()).signTypedData(agentMessageTypedData(unsigned));

    const response = await bed.send({ ...unsigned, signature });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: M.unknownSender });
  });

  it.each([
    ['older', -(AGENT_MESSAGE_MAX_SKEW_SECONDS + 5)],
    ['newer', AGENT_MESSAGE_MAX_SKEW_SECONDS + 5],
  ])('returns 401 for a timestamp more than 5 minutes %s than the bus clock, signed or not', async (_case, skew) => {
    const message = await bed.sign(bed.unsigned(alice, bob, 'HELLO', {}, { timestamp: Math.floor(Date.now() / 1000) + skew }));

    const response = await bed.send(message);

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: M.staleTimestamp });
  });

  it('returns 401 when a messageId comes again, and delivers the first once', async () => {
    const message = await bed.sign(bed.unsigned(alice, bob, 'HELLO'));

    const first = await bed.send(message);
    const again = await bed.send(message);
    await bed.settled(message.messageId);

    expect(first.status).toBe(200);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: M.replayedMessage });
    expect(bed.receiver.received(bob.agentId).filter((received) => received.message.messageId === message.messageId)).toHaveLength(1);
  });

  it('accepts exactly one of 20 concurrent sends of one message', async () => {
    const message = await bed.sign(bed.unsigned(alice, bob, 'HELLO'));

    const responses = await Promise.all(Array.from({ length: 20 }, () => bed.send(message)));

    expect(responses.map((response) => response.status).sort()).toEqual([200, ...Array(19).fill(401)]);
    expect((await bed.settled(message.messageId)).deliveries).toHaveLength(1);
  });

  it('returns 404 for a recipient agent that does not exist', async () => {
    const response = await bed.signAndSend(alice, { ...bob, agentId: randomUUID() }, 'HELLO');

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: M.recipientNotFound });
  });

  it.each([
    ['messageId is missing', { messageId: undefined }, 'messageId is required'],
    ['action is not upper-case words', { action: 'hello' }, 'action is required'],
    ['timestamp is not whole seconds', { timestamp: 1.5 }, 'timestamp must be Unix seconds'],
    ['signature is missing', { signature: undefined }, 'signature is required'],
  ])('returns 400 when %s', async (_case, change, error) => {
    const message = await bed.sign(bed.unsigned(alice, bob, 'HELLO'));

    const response = await bed.send({ ...message, ...change });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it('returns 400 when the payload is not JSON text', async () => {
    const message = await bed.sign({ ...bed.unsigned(alice, bob, 'HELLO'), payload: 'not json' });

    const response = await bed.send(message);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: M.payloadNotJson });
  });
});

/** Statements of the test's database waiting for a lock another transaction holds. */
async function lockWaits(database: pg.Client): Promise<number> {
  const { rows } = await database.query(`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
  return rows[0].waiting;
}

describe('A2A messages per day', () => {
  it('accepts exactly the plan\'s 100 of 110 concurrent sends on label, then 429', async () => {
    const labelUser = await bed.user('label');
    const sender = await bed.agent(labelUser);
    // Signed one at a time: 110 signatures at once can outlast the query timeout on a loaded machine, and only the sends race.
    const messages = [];
    for (let index = 0; index < 110; index += 1) messages.push(await bed.sign(bed.unsigned(sender, bob, 'PING')));

    const responses = await Promise.all(messages.map((message) => bed.send(message)));
    const after = await bed.signAndSend(sender, bob, 'PING');
    const again = await bed.send(messages[responses.findIndex((response) => response.status === 200)]);

    const answers = responses.map(({ status, body }) => ({ status, body }));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(100);
    // Every other answer with its body, so a failure shows what came instead of the 429s.
    expect(answers.filter((answer) => answer.status !== 200)).toEqual(Array(10).fill({ status: 429, body: { error: a2aLimitReached(100) } }));
    expect(after.status).toBe(429);
    expect(after.body).toEqual({ error: a2aLimitReached(100) });
    // A message it accepted, sent again once the day's are used up: still a replay, not the limit.
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: M.replayedMessage });
  });

  it('gives the day\'s message back when a send is refused inside its transaction (a booking move before any request)', async () => {
    const user = await bed.user();
    const [guest, venue] = [await bed.agent(user), await bed.agent(user)];
    const database = new pg.Client({ connectionString: bed.platform.env.DATABASE_URL });
    await database.connect();
    const counted = async () => (await database.query(
      `SELECT count FROM bus.a2a_daily_counts WHERE user_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`, [user.id])).rows[0]?.count;
    try {
      const accepted = await bed.signAndSend(guest, venue, 'HELLO');
      const refused = await bed.signAndSend(venue, guest, 'BOOKING_OFFER', { bookingId: `none-${randomUUID()}` });

      expect(accepted.status).toBe(200);
      expect(refused.status).toBe(409);
      expect(await counted()).toBe(1);
    } finally {
      await database.end();
    }
  });

  it('accepts a send at once while another send of the same user waits inside its transaction', async () => {
    const bookingId = `held-${randomUUID()}`;
    const request = await bed.signAndSend(alice, bob, 'BOOKING_REQUEST', { bookingId });
    const database = new pg.Client({ connectionString: bed.platform.env.DATABASE_URL });
    await database.connect();
    try {
      // The offer's transaction waits on the booking's row: a count of the day held until it ends would stop every other send of the user.
      await database.query('BEGIN');
      await database.query('SELECT 1 FROM bus.negotiations WHERE booking_id = $1 FOR UPDATE', [bookingId]);
      const offer = bed.signAndSend(bob, alice, 'BOOKING_OFFER', { bookingId });
      await waitUntil('the offer waiting on its booking', () => lockWaits(database), (waiting) => waiting > 0);

      const hello = await bed.signAndSend(alice, bob, 'HELLO');
      await database.query('COMMIT');

      expect(request.status).toBe(200);
      expect(hello.status).toBe(200);
      expect((await offer).status).toBe(200);
    } finally {
      await database.end();
    }
  });
});

describe('POST /api/underground/bus/agents/:agentId/send', () => {
  it('sends as the agent, signed by its wallet in the wallet service', async () => {
    const response = await bed.backend.post(`/api/underground/bus/agents/${alice.agentId}/send`, { action: 'HELLO', to: bob.agentId, payload: '{"n":1}' }, BEARER);
    await bed.settled(response.body.messageId);

    const delivered = bed.receiver.received(bob.agentId).find((received) => received.message.messageId === response.body.messageId)!.message;
    expect(response.status).toBe(200);
    expect(delivered).toMatchObject({ action: 'HELLO', from: alice.agentId, to: bob.agentId, payload: '{"n":1}' });
    const { signature, ...unsigned } = delivered;
    expect(await verifyTypedData({ address: alice.address as Address, signature: signature as `0x${string}`, ...agentMessageTypedData(unsigned) })).toBe(true);
  });

  it('returns 404 for an agent the platform holds no wallet for', async () => {
    const response = await bed.backend.post(`/api/underground/bus/agents/${randomUUID()}/send`, { action: 'HELLO', to: bob.agentId, payload: '{}' }, BEARER);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: M.agentNotFound });
  });

  it('returns 401 without the bearer key', async () => {
    const response = await bed.backend.post(`/api/underground/bus/agents/${alice.agentId}/send`, { action: 'HELLO', to: bob.agentId, payload: '{}' }, {});

    expect(response.status).toBe(401);
  });
});

describe('GET /api/underground/bus/messages/:messageId', () => {
  it('returns 404 for a message the bus never accepted', async () => {
    const response = await bed.status(randomUUID());

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: M.messageNotFound });
  });
});
