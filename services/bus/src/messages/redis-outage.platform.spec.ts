import { SERVICE_UNAVAILABLE } from '@platform/contracts';
import { startOwnedInfra, type OwnedInfra } from '@platform/testing';
import { BusTestbed, type TestAgent } from '../testing/bus-testbed.js';

let infra: OwnedInfra;
let bed: BusTestbed;
let alice: TestAgent;
let bob: TestAgent;

beforeAll(async () => {
  infra = await startOwnedInfra();
  bed = await BusTestbed.start(infra);
  const owner = await bed.user();
  [alice, bob] = [await bed.agent(owner), await bed.agent(owner)];
}, 180_000);

afterAll(async () => {
  await bed?.close();
  await infra?.close();
});

describe('POST /api/underground/bus/send while Redis is down', () => {
  it('answers 503 and stores nothing: the same booking request is accepted and delivered once Redis is back', async () => {
    const message = await bed.sign(bed.unsigned(alice, bob, 'BOOKING_REQUEST', { bookingId: 'outage-booking' }));
    await infra.redis.kill();

    const down = await bed.send(message);
    const stored = await bed.status(message.messageId);
    await infra.redis.start();
    const back = await bed.send(message);
    const settled = await bed.settled(message.messageId);

    expect(down.status).toBe(503);
    expect(down.body).toEqual({ error: SERVICE_UNAVAILABLE });
    expect(stored.status).toBe(404);
    expect(back.status).toBe(200);
    expect(settled.deliveries.map((copy) => copy.status)).toEqual(['delivered']);
  }, 60_000);
});
