import { setTimeout as sleep } from 'node:timers/promises';
import { SUBJECTS, type Subject } from '@platform/contracts';
import { ServiceUnavailableError } from '@platform/messaging';
import { Redis } from 'ioredis';
import { quotaKeys } from '../../../../services/ai-gateway/src/quota/quota-period.js';
import { subscribedUser } from '../agent-fixtures.js';
import { LlmSandbox } from '../llm-sandbox.js';
import { TestPlatform, type TestUser } from '../platform.js';
import type { TestResponse } from '../test-client.js';
import { waitUntil } from '../wait-for.js';
import { chat as chatOf, stranger } from './outage-scenario.js';

/** A chat the sandbox takes this long to answer is in flight when its service is killed. */
const LLM_LATENCY_MS = 1500;
const LEASE_MS = 3000;
/**
 * The caller of a request whose replica died hears nothing for 3 s, then fails: no sooner (it was
 * in flight, not refused), and well before the 100 s chat timeout.
 */
const SILENCE_MS = 3000;
const DEAD_REPLICA_MS = 6000;
const MODEL = 'openai/gpt-4o-mini';

interface Timed {
  response: TestResponse;
  ms: number;
}

/** Under a second is "at once"; a slower answer shows its milliseconds in the failure. */
function atOnce(ms: number): string {
  return ms < 1000 ? 'at once' : `after ${ms} ms`;
}

async function timed(request: Promise<TestResponse>): Promise<Timed> {
  const started = Date.now();
  const response = await request;
  return { response, ms: Date.now() - started };
}

/**
 * Services killed with SIGKILL, as a crash or an OOM kill would, while requests are on their way
 * (issue "fail closed and fail fast"). Each runs in a process of its own.
 */
describe('Services killed mid-request', () => {
  let platform: TestPlatform;
  let llm: LlmSandbox;
  let user: TestUser;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['billing', 'ai-gateway', 'usage'],
      processes: ['identity', 'ai-gateway'],
      // Every request asks identity, so a dead identity shows at once; chats are budgeted below the lease.
      env: { SESSION_CACHE_TTL_MS: '0', AI_CHAT_BUDGET_MS: String(LEASE_MS - 500), AI_QUOTA_LEASE_MS: String(LEASE_MS) },
    });
    llm = new LlmSandbox(platform.sandbox.url);
    user = await subscribedUser(platform, 'solo');
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
  });

  const chat = () => chatOf(platform, user, { model: MODEL });
  /**
   * The NATS server drops a killed process's subscriptions when it reads the closed socket; a
   * request published in the moment before is in flight to a dead replica (the 3 s silence above),
   * not refused. "Down" starts once the server answers "no responders".
   */
  const goneFromBus = (subject: Subject) =>
    waitUntil(`no responders on ${subject}`, () => platform.query(subject, {}).catch((error: unknown) => error), (answer) => answer instanceof ServiceUnavailableError && answer.reason === 'no-responders');
  const quota = async () => {
    const redis = new Redis(platform.env.REDIS_URL!);
    const [used, reserved] = await redis.hmget(quotaKeys(platform.env.REDIS_PREFIX!, user.id, new Date()).month, 'used', 'reserved').finally(() => redis.disconnect());
    return [Number(used), Number(reserved)];
  };

  describe('ai-gateway killed with chats in flight', () => {
    let inFlight: Timed[];
    let reservedAtKill: number;
    let whileDown: Timed;
    let afterRestart: TestResponse;
    let quotaAfter: number[];

    beforeAll(async () => {
      await llm.control('gpt-4o-mini', { latencyMs: LLM_LATENCY_MS });
      const chats = Promise.all(Array.from({ length: 5 }, () => timed(chat())));
      // Each has reserved its quota and is waiting on the model when the kill comes.
      await waitUntil('five chats at the model', () => llm.calls(), (calls) => calls.length === 5);
      await platform.kill('ai-gateway');
      [, reservedAtKill] = await quota();
      inFlight = await chats;
      whileDown = await timed(chat());
      await platform.startService('ai-gateway');
      await llm.reset();
      // The killed replica's leases lapse; the next reservation releases them.
      await sleep(LEASE_MS);
      afterRestart = await chat();
      quotaAfter = await quota();
    }, 60_000);

    it('killed it with reservations open (what could leak)', () => {
      expect(reservedAtKill).toBeGreaterThan(0);
    });

    it(`fails every chat in flight with 503 after its ${SILENCE_MS / 1000} s of silence, not at the 100 s chat timeout`, () => {
      expect(inFlight.map(({ response, ms }) => [response.status, ms >= SILENCE_MS && ms < DEAD_REPLICA_MS])).toEqual(Array(5).fill([503, true]));
    });

    it('answers a chat at once with 503 while no ai-gateway runs', () => {
      expect([whileDown.response.status, whileDown.response.body, atOnce(whileDown.ms)]).toEqual([503, { error: 'Service unavailable' }, 'at once']);
    });

    it('serves chats again once it is back', () => {
      expect(afterRestart.status).toBe(200);
    });

    it("releases the killed replica's reservations: the month counts only the chat served", () => {
      expect(quotaAfter).toEqual([(afterRestart.body as { usage?: { total_tokens: number } }).usage?.total_tokens, 0]);
    });
  });

  describe('identity killed', () => {
    let whileDown: { signedIn: Timed; stranger: Timed; strangerSession: Timed };
    let afterRestart: { signedIn: TestResponse; stranger: TestResponse };

    beforeAll(async () => {
      await platform.kill('identity');
      await goneFromBus(SUBJECTS.identity.resolveSession);
      whileDown = {
        signedIn: await timed(user.client.get('/api/keys')),
        stranger: await timed(stranger(platform).get('/api/keys')),
        strangerSession: await timed(stranger(platform).get('/api/auth/session')),
      };
      await platform.startService('identity');
      afterRestart = { signedIn: await user.client.get('/api/keys'), stranger: await stranger(platform).get('/api/keys') };
    }, 60_000);

    it.each(['signedIn', 'stranger', 'strangerSession'] as const)('answers %s at once with 503 while identity is down, never 2xx', (who) => {
      const { response, ms } = whileDown[who];
      expect([response.status, response.body, atOnce(ms)]).toEqual([503, { error: 'Service unavailable' }, 'at once']);
    });

    it('serves a signed-in user again once identity is back', () => {
      expect(afterRestart.signedIn.status).toBe(200);
    });

    it('refuses a made-up cookie with 401 once identity is back', () => {
      expect([afterRestart.stranger.status, afterRestart.stranger.body]).toEqual([401, { error: 'Unauthorized' }]);
    });
  });
});
