import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { FEEDS_MESSAGES as M } from '@platform/contracts';
import { sandboxHook, TestPlatform, type TestUser } from '@platform/testing';

const ADMIN = `colony-admin-${Date.now()}@example.com`;

describe('GET /api/colony/status (extended-services 4.10)', () => {
  let platform: TestPlatform;
  let admin: TestUser;
  const soul = (body: unknown) => sandboxHook(platform.sandbox.url, 'PUT', '/soul/controls', body);

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['feeds'], env: { ADMIN_EMAILS: ADMIN, FEEDS_BREAKER_VOLUME: '1000' } });
    admin = await platform.newUser({ email: ADMIN });
  });

  beforeEach(async () => {
    await sandboxHook(platform.sandbox.url, 'DELETE', '/soul/controls');
  });

  afterAll(async () => {
    await platform?.close();
  });

  it.each([['no action', ''], ['action=tree', '?action=tree']])('shows anyone the colony tree with %s', async (_case, query) => {
    const response = await platform.web().get(`/api/colony/status${query}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ colony_size: 5, cull_queue: 2, fittest: { id: 'agent-0', generation: 1 }, root: { clone_price: '1.0', clone_available: true } });
    expect(response.body.agents).toHaveLength(5);
  });

  it.each(['soul', 'diagnostics'])('shows an admin the %s', async (action) => {
    const response = await admin.client.get(`/api/colony/status?action=${action}`);
    expect(response.status).toBe(200);
    expect(response.body).toHaveProperty(action === 'soul' ? 'cycle_health' : 'overview');
  });

  it.each(['soul', 'diagnostics'])('answers %s 401 without a session and 403 to a user who is not an admin', async (action) => {
    expect((await platform.web().get(`/api/colony/status?action=${action}`)).status).toBe(401);
    const user = await platform.newUser();
    expect((await user.client.get(`/api/colony/status?action=${action}`)).status).toBe(403);
  });

  it.each(['?action=genome', '?action=', '?action=tree&action=soul'])('answers 400 Unknown action for %s', async (query) => {
    const response = await platform.web().get(`/api/colony/status${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: M.unknownAction });
  });

  it('answers 502, not the answer, when the soul service answers another shape', async () => {
    await soul({ malformed: true });
    const response = await platform.web().get('/api/colony/status');
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ error: M.soulMalformed, detail: expect.stringContaining('colony_size') });
  });

  it('answers 503 Soul service unavailable with detail and soul_url when the soul service is down', async () => {
    await soul({ down: true });
    const response = await platform.web().get('/api/colony/status');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: M.soulUnavailable, detail: 'soul service could not be reached', soul_url: platform.sandbox.feeds.soulUrl });
  });
});
