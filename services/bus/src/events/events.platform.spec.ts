import { BUS_MESSAGES as M, type UndergroundEventView } from '@platform/contracts';
import { BEARER, TestPlatform, type TestClient } from '@platform/testing';

let platform: TestPlatform;
let backend: TestClient;

beforeAll(async () => {
  platform = await TestPlatform.start({ services: ['bus'] });
  backend = platform.backend();
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

const event = (overrides: Record<string, unknown> = {}) => ({
  agent_id: 'agent-dj', name: 'Warehouse night', description: 'Four DJs till dawn', venue: 'Unit 7',
  event_date: '2026-12-05T22:00:00.000Z', ticket_price_usdc: '12.50', total_tickets: 300, ...overrides,
});

describe('POST /api/underground/events', () => {
  it('returns 201 with every field of the event, typed as the spec says', async () => {
    const response = await backend.post('/api/underground/events', event(), BEARER);

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(Number), ...event() });
  });

  it.each([
    ['agent_id', M.eventAgentRequired],
    ['name', M.eventNameRequired],
    ['description', M.eventDescriptionRequired],
    ['venue', M.eventVenueRequired],
    ['event_date', M.eventDateRequired],
    ['ticket_price_usdc', M.eventPriceRequired],
    ['total_tickets', M.eventTicketsRequired],
  ])('returns 400 without %s', async (field, error) => {
    const response = await backend.post('/api/underground/events', event({ [field]: undefined }), BEARER);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it.each([
    ['ticket_price_usdc is a number', { ticket_price_usdc: 12.5 }, M.eventPriceRequired],
    ['event_date is no date', { event_date: 'next friday' }, M.eventDateRequired],
    ['total_tickets is negative', { total_tickets: -1 }, M.eventTicketsRequired],
  ])('returns 400 when %s', async (_case, change, error) => {
    const response = await backend.post('/api/underground/events', event(change), BEARER);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it('returns 401 without the bearer key', async () => {
    const response = await backend.post('/api/underground/events', event(), {});

    expect(response.status).toBe(401);
  });
});

describe('GET /api/underground/events', () => {
  it('lists events newest event_date first', async () => {
    const dates = ['2027-01-10T20:00:00.000Z', '2027-03-01T20:00:00.000Z', '2027-02-14T20:00:00.000Z'];
    for (const date of dates) await backend.post('/api/underground/events', event({ agent_id: 'agent-order', event_date: date }), BEARER);

    const response = await backend.get<UndergroundEventView[]>('/api/underground/events', BEARER);

    expect(response.status).toBe(200);
    const listed = response.body.filter((listedEvent) => listedEvent.agent_id === 'agent-order').map((listedEvent) => listedEvent.event_date);
    expect(listed).toEqual(['2027-03-01T20:00:00.000Z', '2027-02-14T20:00:00.000Z', '2027-01-10T20:00:00.000Z']);
    const all = response.body.map((listedEvent) => listedEvent.event_date);
    expect(all).toEqual([...all].sort().reverse());
  });

  it('returns 401 without the bearer key', async () => {
    const response = await backend.get('/api/underground/events', {});

    expect(response.status).toBe(401);
  });
});
