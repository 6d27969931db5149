import fc from 'fast-check';
import pg from 'pg';
import {
  AI_HEADERS, AI_PLANS, AI_PROVIDERS, DEMO_MODELS, MODEL_CATALOGUE, ROUTES, SESSION_COOKIE, type RouteDef, type SubjectGroup,
} from '@platform/contracts';
import {
  BEARER, contractFields, fuzzRequest, rawRequest, responseViolations, subscribedUser, TestClient, TestPlatform,
  TEST_INTERNAL_API_KEY, type Credential, type FuzzRequest, type FuzzVocabulary, type PlatformOptions, type TestUser,
} from '@platform/testing';

/**
 * Every row of the route table, fuzzed through the real gateway to the real services. A new row is
 * covered without a change here. FUZZ_SEED and FUZZ_RUNS reproduce or widen a run; each route's
 * seed is derived from FUZZ_SEED and the route, so adding a route does not change the others' inputs.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

type ServiceName = NonNullable<PlatformOptions['services']>[number];

/** Which service answers each group of subjects; a new group does not compile until it is named here. */
const SERVICE_OF: Record<SubjectGroup, ServiceName> = {
  identity: 'identity', agents: 'agents', ai: 'ai-gateway', usage: 'usage', billing: 'billing', wallet: 'wallet', bus: 'bus',
  calendar: 'scheduler', scheduler: 'scheduler', feeds: 'feeds', summarizer: 'summarizer', skills: 'skills', watchdog: 'watchdog',
  media: 'media',
};

/**
 * Every service answering a subject group: those the routes' subjects go to, and those a route's
 * service asks in turn (the watchdog answers only queries, for the metrics routes).
 */
const servicesOfRoutes = (): ServiceName[] => [...new Set(Object.values(SERVICE_OF))];

const routeName = (route: RouteDef) => `${route.surface} ${route.method} ${route.path}`;

/** FNV-1a over the route's name, started from FUZZ_SEED. */
const seedOf = (route: RouteDef) =>
  [...routeName(route)].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619), SEED) | 0;

/** Besides each route's own forwarded headers: other routes' ones, the identity headers of bearer calls, what the CSRF check reads. */
const HEADER_NAMES = [...new Set([
  ...ROUTES.flatMap((route) => route.headers ?? []),
  'x-user-id', 'x-user-email', 'x-user-role', 'x-request-id', 'origin', 'sec-fetch-site', 'x-forwarded-for', 'accept',
])];

interface Fixtures {
  user: TestUser;
  apiKey: string;
  sessionToken: string;
}

const CREDENTIAL_HEADERS: Record<Credential, (fixtures: Fixtures) => Record<string, string>> = {
  none: () => ({}),
  garbageCookie: () => ({ cookie: `${SESSION_COOKIE}=not-a-session; other=1` }),
  session: (fixtures) => ({ cookie: `${SESSION_COOKIE}=${fixtures.sessionToken}` }),
  garbageApiKey: () => ({ authorization: 'Bearer sk_garbage0000000000000000000000' }),
  apiKey: (fixtures) => ({ authorization: `Bearer ${fixtures.apiKey}` }),
  internalKey: () => ({ authorization: `Bearer ${TEST_INTERNAL_API_KEY}` }),
  wrongBearer: () => ({ authorization: `Bearer ${TEST_INTERNAL_API_KEY}x` }),
  malformedAuthorization: () => ({ authorization: 'Basic dXNlcjpwYXNz' }),
};

describe(`Route table fuzz (FUZZ_SEED=${SEED}, ${RUNS} runs per route)`, () => {
  let platform: TestPlatform;
  let fixtures: Fixtures;
  let vocabulary: FuzzVocabulary;
  let requests = 0;

  /** Each request from its own address, so per-IP limits answer 429 only where a case asks for it. */
  const nextIp = () => {
    requests += 1;
    return `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`;
  };

  /** Signs the fixture user in again from a fresh address (login is limited per IP). */
  async function renewSession(): Promise<void> {
    const client = new TestClient(platform.webUrl);
    const login = await client.post('/api/auth/login', { email: fixtures.user.email, password: fixtures.user.password });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
    fixtures.sessionToken = client.cookie(SESSION_COOKIE)!;
  }

  async function send(route: RouteDef, request: FuzzRequest) {
    const baseUrl = platform.gateways[0]!.urls[route.surface];
    const response = await rawRequest(baseUrl, {
      method: route.method,
      path: request.path,
      headers: {
        'x-forwarded-for': nextIp(),
        ...request.headers,
        ...CREDENTIAL_HEADERS[request.credential](fixtures),
        ...(request.contentType ? { 'content-type': request.contentType } : {}),
      },
      body: request.body,
    });
    const setCookie = response.headers['set-cookie'] ?? [];
    if (request.credential === 'session' && setCookie.some((line) => line.startsWith(`${SESSION_COOKIE}=;`))) await renewSession();
    return response;
  }

  beforeAll(async () => {
    // ROLES=api: provisioning stays enabled and answers as in production, but no worker takes the
    // queued jobs, so no agent runtime process is ever started by a fuzzed deploy, start or repair.
    // The custodial provider configured: unconfigured, its routes answer the spec's 500 to every request.
    // A generated video is answered with its job id at once: no worker renders it, and the fuzz cannot wait 5 minutes.
    platform = await TestPlatform.start({ services: servicesOfRoutes(), env: { ROLES: 'api', CUSTODIAL_PROJECT_ID: 'fuzz-project', MEDIA_VIDEO_WAIT_MS: '0' } });
    const user = await subscribedUser(platform, 'collective');
    // Two keys: the fuzz may delete the one whose id it knows, never the one it signs in with.
    const key = await user.client.post('/api/keys', { name: 'fuzz' });
    const credentialKey = await user.client.post('/api/keys', { name: 'fuzz credential' });
    const deployed = await platform.backend().post('/api/deployments', { userId: user.id, name: 'Fuzzed' }, BEARER);
    const pending = await platform.backend().post('/api/agents', { name: 'Pending' }, { ...BEARER, 'x-user-id': user.id });
    const stranger = await platform.backend().post('/api/deployments', { userId: 'someone-else', name: 'Theirs' }, BEARER);
    const created = [key, credentialKey, deployed, pending, stranger];
    if (created.some((response) => response.status !== 201)) throw new Error(`fixtures: ${JSON.stringify(created.map((response) => response.body))}`);
    fixtures = { user, apiKey: credentialKey.body.key, sessionToken: user.client.cookie(SESSION_COOKIE)! };
    const ids = [deployed.body.agentId, pending.body.id, stranger.body.agentId, key.body.id, user.id];
    const contract = contractFields();
    vocabulary = {
      contract,
      ids: [...ids, ...AI_PROVIDERS, 'demo'],
      words: [
        ...contract.allowedValues, ...ids, ...AI_PROVIDERS, ...DEMO_MODELS, ...MODEL_CATALOGUE.map((model) => model.id),
        user.email, fixtures.apiKey, 'sk_', 'Helper', '3h', '0m', 'sub_123', 'same-origin', 'cross-site', 'http://evil.example',
      ],
      headerNames: HEADER_NAMES,
      headerHints: {
        [AI_HEADERS.plan]: AI_PLANS,
        [AI_HEADERS.subscription]: ['sub_fuzz'],
        [AI_HEADERS.legacySubscription]: ['sub_fuzz'],
        'x-user-id': [user.id],
        cookie: [`${SESSION_COOKIE}=`, `${SESSION_COOKIE}=%E0%A4%A`, `${SESSION_COOKIE}=a; ${SESSION_COOKIE}=b`, '=;;; =x', `${SESSION_COOKIE}=${'x'.repeat(4_000)}`],
      },
    };
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
  });

  it.each(ROUTES.map((route) => [routeName(route), route] as const))('%s answers random and malformed requests with JSON, no 5xx and no internals', async (_, route) => {
    await fc.assert(
      fc.asyncProperty(fuzzRequest(route, vocabulary), async (request) => {
        const response = await send(route, request);
        const violations = responseViolations(response, route.errorShape);
        if (violations.length) {
          throw new Error(`${violations.join('; ')}\n${response.status} ${response.text.slice(0, 1000)}\n(reproduce with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`);
        }
      }),
      { seed: seedOf(route), numRuns: RUNS },
    );
  }, 60_000);

  // Otherwise every row could have passed on 401s alone: credentials broken by the fuzz (a revoked session, a deleted key).
  it.each(['session', 'apiKey', 'internalKey'] as const)('kept its %s credential valid to the end', async (credential) => {
    const [baseUrl, path] = credential === 'internalKey' ? [platform.backendUrl, '/api/agents'] : [platform.webUrl, '/api/keys'];
    const response = await rawRequest(baseUrl, { method: 'GET', path, headers: { 'x-forwarded-for': nextIp(), ...CREDENTIAL_HEADERS[credential](fixtures) } });
    expect(response.status).toBe(200);
  });

  it('started no agent runtime', async () => {
    const client = new pg.Client({ connectionString: platform.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT agent_id FROM agents.local_runtimes');
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
