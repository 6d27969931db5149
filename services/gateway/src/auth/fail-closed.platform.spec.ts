import { connect, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { SESSION_COOKIE, SUBJECTS, type AuthContext } from '@platform/contracts';
import { INFRA, TestClient, testEnv } from '@platform/testing';
import { startGateway, type RunningGateway } from '../gateway.app.js';

/** What identity answers the gateway's session lookup, set per test. */
type Answer = { response: unknown } | { err: unknown };

const caller: AuthContext = {
  userId: 'u-1', email: 'u1@example.com', name: 'U', isAdmin: false, plan: 'solo', subscriptionStatus: 'active', via: 'session',
};

/**
 * The credential check fails closed (platform-core section 5; issue "fail closed"): whatever a
 * broken identity answers, a made-up cookie never becomes a caller, and nothing broken is cached.
 */
describe('Credential check against a misbehaving identity', () => {
  let gateway: RunningGateway;
  let identity: NatsConnection;
  let answer: Answer;
  let lookups = 0;

  beforeAll(async () => {
    const env = testEnv(INFRA.databaseUrl, { SESSION_CACHE_TTL_MS: '60000' });
    gateway = await startGateway(env);
    identity = await connect({ servers: INFRA.natsUrl });
    identity.subscribe(`${env.NATS_PREFIX}${SUBJECTS.identity.resolveSession}`, {
      callback: (_error, message: Msg) => {
        lookups += 1;
        message.respond(JSON.stringify({ id: message.json<{ id: string }>().id, ...answer, isDisposed: true }));
      },
    });
    // GET /api/auth/session shows whoever the edge let through, so a fail-open would show here as a 200.
    identity.subscribe(`${env.NATS_PREFIX}${SUBJECTS.identity.session}`, {
      callback: (_error, message: Msg) => {
        const packet = message.json<{ id: string; data: { auth: unknown } }>();
        message.respond(JSON.stringify({ id: packet.id, response: { status: 200, body: { user: packet.data.auth } }, isDisposed: true }));
      },
    });
    await identity.flush();
  });

  afterAll(async () => {
    await identity?.close();
    await gateway?.close();
  });

  const withCookie = (token: string) => {
    const client = new TestClient(gateway.urls.web);
    client.setCookie(SESSION_COOKIE, token);
    return client;
  };

  it.each<[string, Answer]>([
    ['an error reply dressed as data', { response: { status: 500, body: { error: 'Internal server error' } } }],
    ['an error packet', { err: { status: 'error', message: 'Internal server error' } }],
    ['an empty object', { response: {} }],
    ['a caller without a user id', { response: { ...caller, userId: '' } }],
    ['a caller with an unknown plan', { response: { ...caller, plan: 'platinum' } }],
  ])('answers 503 for a made-up cookie when identity answers %s, never a user', async (_, broken) => {
    answer = broken;
    const client = withCookie(`made-up-${Math.random()}`);
    const session = await client.get('/api/auth/session');
    expect([session.status, session.body]).toEqual([503, { error: 'Service unavailable' }]);
  });

  it('lets a well-formed caller through, as the control of the rows above', async () => {
    answer = { response: caller };
    const session = await withCookie('a-real-one').get('/api/auth/session');
    expect([session.status, session.body]).toEqual([200, { user: caller }]);
  });

  it('caches nothing broken: the same cookie is refused (401) as soon as identity answers again', async () => {
    const client = withCookie('made-up-then-checked');
    answer = { response: { status: 500, body: { error: 'Internal server error' } } };
    expect((await client.get('/api/keys')).status).toBe(503);
    answer = { response: null };
    const before = lookups;
    const response = await client.get('/api/keys');
    expect([response.status, response.body]).toEqual([401, { error: 'Unauthorized' }]);
    expect(lookups).toBe(before + 1);
  });
});
