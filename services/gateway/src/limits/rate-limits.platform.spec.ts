import { RATE_LIMITS } from '@platform/contracts';
import { TestPlatform, type TestClient, type TestResponse } from '@platform/testing';

const SLOW_DOWN = { error: 'Too many requests, please slow down.' };
const wrongLogin = (client: TestClient) => client.post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong password' });

/** Runs `count` calls, at most `concurrency` at a time, and returns their responses in call order. */
async function fire(count: number, concurrency: number, call: () => Promise<TestResponse>): Promise<TestResponse[]> {
  const responses: TestResponse[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const index = next;
      next += 1;
      responses[index] = await call();
    }
  }));
  return responses;
}

const rateLimitHeaders = (response: TestResponse) => ({
  limit: response.headers.get('ratelimit-limit'),
  remaining: response.headers.get('ratelimit-remaining'),
  reset: Number(response.headers.get('ratelimit-reset')),
});

/** `limit` calls answered `status`, then a 429 with `refusal` and the group's headers. */
async function expectRefusedAfter(limit: number, status: number, call: () => Promise<TestResponse>, refusal: { error: string }): Promise<void> {
  const allowed = await fire(limit, 1, call);
  expect(allowed.map((response) => response.status)).toEqual(Array(limit).fill(status));
  const refused = await call();
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual(refusal);
  expect(rateLimitHeaders(refused)).toEqual({ limit: String(limit), remaining: '0', reset: expect.any(Number) });
}

describe('Rate limits (platform-core section 8)', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start({ gateways: 2 });
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('POST /api/auth/login (10 per minute per IP)', () => {
    it('sends RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset, counting down', async () => {
      const client = platform.web();
      const first = await wrongLogin(client);
      const second = await wrongLogin(client);
      expect([first.status, second.status]).toEqual([401, 401]);
      expect(rateLimitHeaders(first)).toEqual({ limit: '10', remaining: '9', reset: expect.any(Number) });
      expect(rateLimitHeaders(second)).toEqual({ limit: '10', remaining: '8', reset: expect.any(Number) });
      expect(rateLimitHeaders(first).reset).toBeGreaterThanOrEqual(1);
      expect(rateLimitHeaders(first).reset).toBeLessThanOrEqual(60);
    });

    it('sends no X-RateLimit-* headers', async () => {
      const response = await wrongLogin(platform.web());
      const names = [...response.headers.keys()];
      expect(names.filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
      expect(names).toEqual(expect.arrayContaining(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']));
    });

    it('answers the 11th call in a minute with 429', async () => {
      const client = platform.web();
      const allowed = await fire(10, 1, () => wrongLogin(client));
      expect(allowed.map((response) => response.status)).toEqual(Array(10).fill(401));
      const refused = await wrongLogin(client);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(SLOW_DOWN);
      expect(rateLimitHeaders(refused)).toEqual({ limit: '10', remaining: '0', reset: expect.any(Number) });
    });

    it('counts per IP: another caller is not limited', async () => {
      const client = platform.web();
      await fire(11, 1, () => wrongLogin(client));
      const other = await wrongLogin(platform.web());
      expect(other.status).toBe(401);
      expect(other.body).toEqual({ error: 'Invalid credentials' });
    });

    it('holds across gateway replicas: 5 on one and 6 on another make the 11th a 429', async () => {
      const onA = platform.web();
      const onB = onA.at(platform.gateways[1]!.urls.web);
      const first = await fire(5, 1, () => wrongLogin(onA));
      const then = await fire(5, 1, () => wrongLogin(onB));
      expect([...first, ...then].map((response) => response.status)).toEqual(Array(10).fill(401));
      const eleventh = await wrongLogin(onB);
      expect(eleventh.status).toBe(429);
      expect(eleventh.body).toEqual(SLOW_DOWN);
      const backOnA = await wrongLogin(onA);
      expect(backOnA.status).toBe(429);
    });
  });

  describe('POST /api/keys/validate (counted in the login group, docs/spec-decisions.md row 2)', () => {
    it('makes a login after 10 validations in a minute a 429', async () => {
      const client = platform.web();
      const validations = await fire(10, 1, () => client.post('/api/keys/validate', { apiKey: 'sk_unknown' }));
      expect(validations.map((response) => response.status)).toEqual(Array(10).fill(401));
      const login = await wrongLogin(client);
      expect(login.status).toBe(429);
      expect(login.body).toEqual(SLOW_DOWN);
      expect(rateLimitHeaders(login)).toEqual({ limit: '10', remaining: '0', reset: expect.any(Number) });
    });
  });

  describe('POST /api/auth/reset-password (5 per 15 minutes per IP)', () => {
    it('answers the 6th call with 429', async () => {
      const client = platform.web();
      // A token identity never issued: refused on its merits (400) until the limit takes over.
      await expectRefusedAfter(5, 400, () => client.post('/api/auth/reset-password', { token: 'not-a-real-token', password: 'a brand new secret' }), SLOW_DOWN);
    });
  });

  describe('POST /api/agents/provision (5 per minute per IP, checked before the session)', () => {
    it('counts calls without a session and answers the 6th with 429', async () => {
      const client = platform.web();
      await expectRefusedAfter(5, 401, () => client.post('/api/agents/provision', {}), SLOW_DOWN);
    });
  });

  describe('POST /api/ai/chat (30 per minute per IP, checked before the bearer key)', () => {
    it('counts calls without a key and answers the 31st with 429', async () => {
      const client = platform.backend();
      await expectRefusedAfter(30, 401, () => client.post('/api/ai/chat', { messages: [{ role: 'user', content: 'hi' }] }), { error: 'AI rate limit exceeded.' });
    });
  });

  describe('POST /api/deployments (5 per minute per IP)', () => {
    it('answers the 6th call with 429', async () => {
      const client = platform.backend();
      await expectRefusedAfter(5, 401, () => client.post('/api/deployments', {}), { error: 'Deployment rate limit exceeded.' });
    });
  });

  describe('backend general limit (120 per minute per IP on /api/*)', () => {
    it('answers the 121st call with 429', async () => {
      const client = platform.backend();
      const call = () => client.post('/api/validate-key', undefined, { authorization: 'Bearer sk_unknown' });
      const allowed = await fire(RATE_LIMITS.backendGeneral.points, 8, call);
      expect(allowed.filter((response) => response.status !== 401)).toEqual([]);
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(SLOW_DOWN);
      expect(rateLimitHeaders(refused)).toEqual({ limit: '120', remaining: '0', reset: expect.any(Number) });
    });

    it('does not limit GET /health, which is outside /api/*', async () => {
      const client = platform.backend();
      const responses = await fire(RATE_LIMITS.backendGeneral.points + 5, 8, () => client.get('/health'));
      expect(responses.filter((response) => response.status !== 200)).toEqual([]);
      expect(responses[0]!.headers.get('ratelimit-limit')).toBeNull();
    });
  });
});
