import { SKILL_MESSAGES as M, type UndergroundEventView } from '@platform/contracts';
import { BEARER, ownerQuery, recordedAgent, TestPlatform, type TestUser } from '@platform/testing';

let platform: TestPlatform;
let organizer: TestUser;
let buyer: TestUser;
let agentId: string;

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['agents', 'bus', 'skills'] });
  [organizer, buyer] = await Promise.all([platform.newUser(), platform.newUser()]);
  agentId = await recordedAgent(platform, organizer, 'Promoter');
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

/** An underground event of the organizer's agent, made through the bus's backend route. */
async function newEvent(overrides: Record<string, unknown> = {}): Promise<UndergroundEventView> {
  const response = await platform.backend().post('/api/underground/events', {
    agent_id: agentId, name: 'Warehouse 9', description: 'All night', venue: 'Kanal 7', event_date: '2031-06-20T22:00:00Z',
    ticket_price_usdc: '12.50', total_tickets: 100, ...overrides,
  }, BEARER);
  if (response.status !== 201) throw new Error(`event: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const ticketing = (body: Record<string, unknown>, by: TestUser = buyer) => by.client.post('/api/skills/event-ticketing', body);
const purchase = (eventId: number, extra: Record<string, unknown> = {}, by: TestUser = buyer) =>
  ticketing({ action: 'purchase', eventId, email: 'raver@example.com', ...extra }, by);

describe('event-ticketing: action purchase, eventId, email, tier', () => {
  it('sells tickets of an underground event at the tier\'s price and answers what is left', async () => {
    const event = await newEvent();

    const response = await purchase(event.id, { tier: 'vip', quantity: 2 });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true, remaining: 98,
      ticket: {
        id: expect.any(String), eventId: event.id, eventName: 'Warehouse 9', venue: 'Kanal 7', eventDate: '2031-06-20T22:00:00.000Z',
        email: 'raver@example.com', tier: 'vip', quantity: 2, unitPriceUsdc: '25', totalUsdc: '50', purchasedAt: expect.any(String),
      },
    });
    expect((await purchase(event.id)).body.ticket).toMatchObject({ tier: 'general', quantity: 1, unitPriceUsdc: '12.5', totalUsdc: '12.5' });
  });

  it('answers availability (ours): total, sold and remaining', async () => {
    const event = await newEvent({ total_tickets: 5 });
    await purchase(event.id, { quantity: 3 });

    expect((await ticketing({ action: 'availability', eventId: event.id })).body).toEqual({
      success: true, eventId: event.id, eventName: 'Warehouse 9', totalTickets: 5, sold: 3, remaining: 2,
    });
  });

  it('returns 409 with what is left when fewer tickets remain than asked for', async () => {
    const event = await newEvent({ total_tickets: 3 });
    await purchase(event.id, { quantity: 2 });

    expect(await purchase(event.id, { quantity: 2 })).toMatchObject({ status: 409, body: { error: M.soldOut, remaining: 1 } });
    expect((await purchase(event.id)).status).toBe(200);
    expect(await purchase(event.id)).toMatchObject({ status: 409, body: { error: M.soldOut, remaining: 0 } });
  });

  it('never oversells: of 50 concurrent purchases of the last 10 tickets, exactly 10 are sold', async () => {
    const event = await newEvent({ total_tickets: 30 });
    await purchase(event.id, { quantity: 10 });
    await purchase(event.id, { quantity: 10 });
    const buyers = await Promise.all([0, 1, 2, 3, 4].map(() => platform.newUser()));

    const responses = await Promise.all(Array.from({ length: 50 }, (_, index) =>
      purchase(event.id, { email: `fan${index}@example.com` }, buyers[index % buyers.length])));

    expect(responses.filter((response) => response.status === 200)).toHaveLength(10);
    expect(responses.filter((response) => response.status === 409 && response.body.error === M.soldOut)).toHaveLength(40);
    const [sold] = await ownerQuery<{ tickets: string; stock: number }>(platform.env,
      `SELECT (SELECT sum(quantity) FROM skills.tickets WHERE event_id = $1) AS tickets,
              (SELECT sold FROM skills.ticket_inventories WHERE event_id = $1) AS stock`, [event.id]);
    expect(sold).toEqual({ tickets: '30', stock: 30 });
    expect((await ticketing({ action: 'availability', eventId: event.id })).body).toMatchObject({ sold: 30, remaining: 0 });
  });

  it('returns 404 for an event the bus does not have', async () => {
    expect(await purchase(2_000_000_000)).toMatchObject({ status: 404, body: { error: M.eventNotFound } });
  });

  it('returns 409 for an event that has taken place', async () => {
    const event = await newEvent({ event_date: '2020-01-01T20:00:00Z' });

    expect(await purchase(event.id)).toMatchObject({ status: 409, body: { error: M.eventPast } });
  });

  it.each([
    [{ action: 'purchase', eventId: 1 }, M.emailRequired],
    [{ action: 'purchase', email: 'a@example.com' }, M.eventIdRequired],
    [{ action: 'purchase', eventId: 1, email: 'a@example.com', tier: 'backstage' }, M.tierInvalid],
    [{ action: 'purchase', eventId: 1, email: 'a@example.com', quantity: 11 }, M.quantityInvalid],
  ])('returns 400 for %j', async (body, error) => {
    expect(await ticketing(body)).toMatchObject({ status: 400, body: { error } });
  });
});

describe('groupie-manager fed by ticket sales', () => {
  it('makes each buyer a fan of the event agent\'s owner, segmented by what they bought', async () => {
    const event = await newEvent({ ticket_price_usdc: '10' });
    for (let time = 0; time < 3; time += 1) await purchase(event.id, { email: 'super@example.com' });
    await purchase(event.id, { email: 'twice@example.com' });
    await purchase(event.id, { email: 'twice@example.com', tier: 'vip' });
    await purchase(event.id, { email: 'Once@Example.com' });

    const response = await organizer.client.post('/api/skills/groupie-manager', { action: 'segment' });

    const emails = (segment: string) => response.body.segments[segment].fans.map((fan: { email: string }) => fan.email);
    expect(emails('superfans')).toContain('super@example.com');
    expect(emails('regulars')).toEqual(['twice@example.com']);
    expect(emails('newcomers')).toContain('once@example.com');
    expect(response.body.segments.regulars.fans[0]).toEqual({
      email: 'twice@example.com', name: null, purchases: 2, tickets: 2, spentUsdc: '30', lastPurchaseAt: expect.any(String),
    });
    expect((await buyer.client.post('/api/skills/groupie-manager', { action: 'list' })).body).toEqual({ success: true, fans: [], count: 0 });
  });
});
