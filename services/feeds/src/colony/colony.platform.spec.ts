import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { FEEDS_MESSAGES as M, RETRY_AFTER_SECONDS } from '@platform/contracts';
import { sandboxHook, TestPlatform, type TestUser } from '@platform/testing';

const ADMIN = `colony-admin-${Date.now()}@example.com`;
/** FEEDS_SOUL_TIMEOUT_MS here: short, so a hanging soul fails the call well within the test. */
const SOUL_TIMEOUT_MS = 500;

describe('GET /api/colony/status (extended-services 4.10)', () => {
  let platform: TestPlatform;
  let admin: TestUser;
  const soul = (body: unknown) => sandboxHook(platform.sandbox.url, 'PUT', '/soul/controls', body);

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['feeds'], env: { ADMIN_EMAILS: ADMIN, FEEDS_BREAKER_VOLUME: '1000', FEEDS_SOUL_TIMEOUT_MS: String(SOUL_TIMEOUT_MS) } });
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

  it('answers 503 Soul service unavailable with detail, soul_url and Retry-After when the soul service is down', async () => {
    await soul({ down: true });
    const response = await platform.web().get('/api/colony/status');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: M.soulUnavailable, detail: 'soul service could not be reached', soul_url: platform.sandbox.feeds.soulUrl });
    expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  });

  it('answers 503 with the timeout as detail when the soul service does not answer within FEEDS_SOUL_TIMEOUT_MS', async () => {
    await soul({ hang: true });
    const started = Date.now();
    const response = await platform.web().get('/api/colony/status');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: M.soulUnavailable, detail: `soul service did not answer within ${SOUL_TIMEOUT_MS} ms`, soul_url: platform.sandbox.feeds.soulUrl });
    expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it.each([404, 503])('answers 503 with the status as detail when the soul service answers %i', async (status) => {
    await soul({ status });
    const response = await platform.web().get('/api/colony/status');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: M.soulUnavailable, detail: `the soul service answered ${status}`, soul_url: platform.sandbox.feeds.soulUrl });
    expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  });
});
