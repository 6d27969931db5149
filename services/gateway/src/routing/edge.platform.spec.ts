import { connect } from '@nats-io/transport-node';
import { SESSION_COOKIE, SUBJECTS } from '@platform/contracts';
import { INFRA, rawRequest, TestClient, TestPlatform, testEnv } from '@platform/testing';
import { startGateway, type RunningGateway } from '../gateway.app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Just over the 1 MB limit of platform-core section 8, as valid JSON. */
const oversizedBody = () => ({ email: 'a'.repeat(1024 * 1024), password: 'longenough' });

describe('Gateway edge', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start();
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('request body', () => {
    it('returns 413 for a JSON body over 1 MB', async () => {
      const response = await platform.web().post('/api/auth/login', oversizedBody());
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ error: expect.any(String) });
    });

    it('returns 400 for malformed JSON', async () => {
      const response = await platform.web().post('/api/auth/login', '{"email": "a@example.com",', { 'content-type': 'application/json' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: expect.any(String) });
    });

    it('returns 400 for JSON nested deeper than 64 levels, which would overflow the stack on its way to the service', async () => {
      const response = await platform.web().post('/api/auth/signout', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, { 'content-type': 'application/json' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'JSON body nested too deeply (limit 64 levels)' });
    });

    it('passes JSON nested 64 levels to the service', async () => {
      const response = await platform.web().post('/api/auth/login', `${'['.repeat(64)}${']'.repeat(64)}`, { 'content-type': 'application/json' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Email and password are required' });
    });

    // The body alone is within the 1 MB limit; with the forwarded headers the envelope is over NATS's max_payload.
    it('returns 413 for a body under 1 MB whose envelope outgrows a NATS message', async () => {
      const body = JSON.stringify({ padding: 'a'.repeat(1_045_000) });
      const response = await platform.backend().post('/api/validate-key', body, {
        'content-type': 'application/json', authorization: `Bearer sk_${'x'.repeat(5_000)}`,
      });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ error: 'Request body too large (limit 1 MB)' });
    });

    it('reads JSON sent with a charset parameter', async () => {
      const response = await platform.web().post('/api/auth/login', JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }), {
        'content-type': 'application/json; charset=utf-8',
      });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Invalid credentials' });
    });

    it('returns 415 for a body that is not JSON', async () => {
      const response = await platform.web().post('/api/auth/login', 'email=a@example.com', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(response.status).toBe(415);
      expect(response.body).toEqual({ error: expect.any(String) });
    });

    it('reads an empty JSON body as {} rather than an error', async () => {
      const response = await platform.web().post('/api/auth/signout', '', { 'content-type': 'application/json' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
    });
  });

  describe('unknown routes', () => {
    it('returns 404 for a path not in the route table', async () => {
      const response = await platform.web().get('/api/does-not-exist');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Not found' });
    });

    it('returns 404 for a method the path does not have', async () => {
      const response = await platform.web().request('PUT', '/api/keys', { name: 'x' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Not found' });
    });

    it('returns 404 for a route of another surface', async () => {
      const [webOnBackend, backendOnWeb] = await Promise.all([
        platform.backend().get('/api/health'),
        platform.web().post('/api/validate-key'),
      ]);
      expect([webOnBackend.status, backendOnWeb.status]).toEqual([404, 404]);
      expect([webOnBackend.body, backendOnWeb.body]).toEqual([{ error: 'Not found' }, { error: 'Not found' }]);
    });
  });

  describe('requests the router or the HTTP parser refuses', () => {
    it('returns 400 { error } for a path that is not valid percent-encoding', async () => {
      const response = await platform.web().get('/api/keys/%zz');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Malformed URL' });
      expect(response.headers.get('x-request-id')).toMatch(UUID);
    });

    it('returns 414 { error } for a path parameter longer than the router takes', async () => {
      const response = await platform.web().get(`/api/keys/${'a'.repeat(2_000)}`);
      expect(response.status).toBe(414);
      expect(response.body).toEqual({ error: 'Path parameter too long' });
    });

    it('returns 431 { error } for headers over the HTTP parser\'s limit', async () => {
      const response = await rawRequest(platform.webUrl, { method: 'GET', path: '/api/health', headers: { 'x-padding': 'x'.repeat(20_000) } });
      expect(response.status).toBe(431);
      expect(JSON.parse(response.text)).toEqual({ error: 'Request headers too large' });
    });

    it('returns 431 in OpenAI\'s error shape on the public AI gateway for an over-long request line', async () => {
      const response = await rawRequest(platform.webUrl, { method: 'POST', path: `/api/v1/gateway/chat/completions?pad=${'x'.repeat(20_000)}`, headers: {} });
      expect(response.status).toBe(431);
      expect(JSON.parse(response.text)).toEqual({ error: { message: 'Request headers too large', type: 'invalid_request_error', param: null, code: null } });
    });

    it('returns 431 in OpenAI\'s error shape on the public AI gateway for an over-long header', async () => {
      const response = await rawRequest(platform.webUrl, { method: 'POST', path: '/api/v1/gateway/chat/completions', headers: { 'x-padding': 'x'.repeat(20_000) } });
      expect(response.status).toBe(431);
      expect(JSON.parse(response.text)).toEqual({ error: { message: 'Request headers too large', type: 'invalid_request_error', param: null, code: null } });
    });
  });

  describe('x-request-id', () => {
    it.each([
      ['a success', (client: TestClient) => client.get('/api/health'), 200],
      ['a 401', (client: TestClient) => client.get('/api/keys'), 401],
      ['a 400 from a service', (client: TestClient) => client.post('/api/auth/login', {}), 400],
      ['a 404', (client: TestClient) => client.get('/api/nowhere'), 404],
      ['a 413', (client: TestClient) => client.post('/api/auth/login', oversizedBody()), 413],
      ['a malformed body', (client: TestClient) => client.post('/api/auth/login', '{', { 'content-type': 'application/json' }), 400],
    ])('is set on %s', async (_, call, status) => {
      const response = await call(platform.web());
      expect(response.status).toBe(status);
      expect(response.headers.get('x-request-id')).toMatch(UUID);
    });

    it('is set on a backend response', async () => {
      const response = await platform.backend().get('/health');
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toMatch(UUID);
    });

    it('echoes a sane incoming x-request-id', async () => {
      const response = await platform.web().get('/api/keys', { 'x-request-id': 'trace-abc.123:7' });
      expect(response.status).toBe(401);
      expect(response.headers.get('x-request-id')).toBe('trace-abc.123:7');
    });

    it('replaces an incoming x-request-id that is not a sane token', async () => {
      const [tooLong, odd] = await Promise.all([
        platform.web().get('/api/health', { 'x-request-id': 'a'.repeat(129) }),
        platform.web().get('/api/health', { 'x-request-id': 'x"<script>' }),
      ]);
      expect(tooLong.headers.get('x-request-id')).toMatch(UUID);
      expect(odd.headers.get('x-request-id')).toMatch(UUID);
    });

    it('gives each request its own id', async () => {
      const client = platform.web();
      const [first, second] = await Promise.all([client.get('/api/health'), client.get('/api/health')]);
      expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    });
  });
});

describe('Gateway edge without services', () => {
  const env = testEnv(INFRA.databaseUrl, { NATS_REQUEST_TIMEOUT_MS: '500' });
  let gateway: RunningGateway;

  beforeAll(async () => {
    gateway = await startGateway(env);
  });

  afterAll(async () => {
    await gateway?.close();
  });

  // Row 79: a service that is there but keeps working past the route's timeout is 502, not 503.
  it('returns 502 when a service takes the request and does not answer within the route timeout', async () => {
    const nats = await connect({ servers: INFRA.natsUrl });
    try {
      nats.subscribe(`${env.NATS_PREFIX}${SUBJECTS.identity.forgotPassword}`, { callback: () => undefined });
      await nats.flush();
      const started = Date.now();
      const response = await new TestClient(gateway.urls.web).post('/api/auth/forgot-password', { email: 'a@example.com' });
      expect([response.status, response.body]).toEqual([502, { error: 'Service unavailable' }]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    } finally {
      await nats.close();
    }
  });

  it('returns 503 with Retry-After at once when no service answers the route', async () => {
    const started = Date.now();
    const response = await new TestClient(gateway.urls.web).post('/api/auth/login', { email: 'a@example.com', password: 'longenough' });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: 'Service unavailable' });
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('x-request-id')).toMatch(UUID);
    expect(Date.now() - started).toBeLessThan(500);
  });

  // GET /api/auth/session too: a `{ user: null }` would sign the client out (docs/spec-decisions.md row 18).
  it.each(['/api/keys', '/api/auth/session'])('returns 503 when a session cannot be resolved (GET %s)', async (path) => {
    const client = new TestClient(gateway.urls.web);
    client.setCookie(SESSION_COOKIE, 'some-token');
    const response = await client.get(path);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: 'Service unavailable' });
  });

  it('returns 503 on the backend surface too', async () => {
    const response = await new TestClient(gateway.urls.backend).post('/api/validate-key', undefined, { authorization: 'Bearer sk_x' });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: 'Service unavailable' });
  });

  it('is ready on every surface while its NATS connection is up, whatever services are missing', async () => {
    const responses = await Promise.all(Object.values(gateway.urls).map((url) => new TestClient(url).get('/readyz')));
    expect(responses.map((response) => [response.status, response.body.ready])).toEqual([[200, true], [200, true], [200, true]]);
  });
});
