import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SESSION_COOKIE } from '@platform/contracts';
import { subscribedUser } from '../agent-fixtures.js';
import type { TestPlatform, TestUser } from '../platform.js';
import { TestClient, type TestResponse } from '../test-client.js';
import { TEST_INTERNAL_API_KEY } from '../test-env.js';
import type { OwnedServer } from './owned-server.js';
import { SteadyLoad } from './steady-load.js';

/** Each stream's requests a second: about 70 in all. */
const PER_SECOND = 10;
const BEFORE_MS = 1500;
const OUTAGE_MS = 2500;
/** After the restart, load goes on until every stream has succeeded again, for at most this long. */
const RECOVERY_LIMIT_MS = 20_000;
/** Every kind of request must be served again this soon after the restart (describe-outage.ts asserts it). */
export const RECOVERY_MS = 5000;
const AFTER_RECOVERY_MS = 1000;

export const agentOf = (user: TestUser) => `agent-of-${user.id}`;
export const keyNameOf = (user: TestUser) => `key-of-${user.id}`;

export interface OutageRun {
  load: SteadyLoad;
  /** Load-clock times: the kill, and the restarted server serving again. */
  killedAt: number;
  restartedAt: number;
  alice: TestUser;
  bob: TestUser;
}

/**
 * Two users with usage, keys and sessions; traffic from both, from strangers with made-up cookies,
 * and from newcomers registering (as `newcomer-<uuid>@example.com`); then `server` killed with SIGKILL for a few seconds and started
 * again, and the traffic kept up until every kind of request succeeds again.
 */
export async function runOutage(platform: TestPlatform, server: OwnedServer): Promise<OutageRun> {
  const [alice, bob] = await Promise.all([subscribedUser(platform, 'solo'), subscribedUser(platform, 'solo')]);
  await Promise.all([alice, bob].map((user) => user.client.post('/api/keys', { name: keyNameOf(user) })));
  const steady = (send: () => Promise<TestResponse>) => ({ perSecond: PER_SECOND, send });
  const load = new SteadyLoad({
    'chat:alice': steady(() => chat(platform, alice)),
    'chat:bob': steady(() => chat(platform, bob)),
    'dashboard:alice': steady(() => alice.client.get('/api/dashboard/cost')),
    'keys:bob': steady(() => bob.client.get('/api/keys')),
    'stranger:keys': steady(() => stranger(platform).get('/api/keys')),
    'stranger:session': steady(() => stranger(platform).get('/api/auth/session')),
    // The route that once answered a made-up cookie with every user's usage.
    'stranger:dashboard': steady(() => stranger(platform).get('/api/dashboard/cost')),
    [READINESS]: steady(() => platform.web().get('/readyz')),
    register: steady(() => platform.web().post('/api/register', { email: `newcomer-${randomUUID()}@example.com`, password: 'correct horse battery' })),
  });
  try {
    await sleep(BEFORE_MS);
    const killedAt = load.now();
    await server.kill();
    await sleep(OUTAGE_MS);
    await server.start();
    const restartedAt = load.now();
    const recovered = () => recoverableStreams(load).every((stream) => load.firstSuccess(stream, restartedAt));
    const deadline = Date.now() + RECOVERY_LIMIT_MS;
    while (!recovered() && Date.now() < deadline) await sleep(100);
    // Past the recovery bound too, so what is sent once recovery must be complete can be judged.
    await sleep(Math.max(AFTER_RECOVERY_MS, restartedAt + RECOVERY_MS + AFTER_RECOVERY_MS - load.now()));
    return { load, killedAt, restartedAt, alice, bob };
  } finally {
    await load.stop();
  }
}

/** The gateway's readiness, asked as a load balancer would; judged on its own, not as a user's request. */
export const READINESS = 'probe:readyz';

/** Streams of users' requests, which must succeed again after the outage: made-up cookies never do. */
export function recoverableStreams(load: SteadyLoad): string[] {
  return [...new Set(load.samples.map((sample) => sample.stream))].filter((stream) => !stream.startsWith('stranger:') && stream !== READINESS);
}

/**
 * A chat of the backend surface for `user`, billed to the user's own agent, from an IP of its own;
 * `body` adds to or replaces the default message. The plan is the one billing keeps for the user
 * (setPlan).
 */
export function chat(platform: TestPlatform, user: TestUser, body: Record<string, unknown> = {}) {
  return platform.backend().post('/api/ai/chat', { messages: [{ role: 'user', content: 'Hello through the outage' }], max_tokens: 32, ...body }, {
    authorization: `Bearer ${TEST_INTERNAL_API_KEY}`,
    'x-user-id': user.id,
    'x-agent-id': agentOf(user),
  });
}

/** Somebody with a session cookie nobody issued. */
export function stranger(platform: TestPlatform): TestClient {
  const client = platform.web();
  client.setCookie(SESSION_COOKIE, randomUUID());
  return client;
}

/** The samples of `run` sent while the server was down. */
export const duringOutage = (run: OutageRun, stream: string) => run.load.of(stream, run.killedAt, run.restartedAt);
