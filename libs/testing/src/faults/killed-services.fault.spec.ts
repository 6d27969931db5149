import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { SESSION_COOKIE } from '@platform/contracts';
import { quotaKeys } from '../../../../services/ai-gateway/src/quota/quota-period.js';
import { LlmSandbox } from '../llm-sandbox.js';
import { TestPlatform, type TestUser } from '../platform.js';
import type { TestResponse } from '../test-client.js';
import { TEST_INTERNAL_API_KEY } from '../test-env.js';

/** A chat the sandbox takes this long to answer is in flight when its service is killed. */
const LLM_LATENCY_MS = 1500;
const LEASE_MS = 3000;
/** The caller of a request whose replica died hears nothing for 3 s, then fails: with margin, well under the 100 s chat timeout. */
const DEAD_REPLICA_MS = 4500;
const MODEL = 'openai/gpt-4o-mini';

interface Timed {
  response: TestResponse;
  ms: number;
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
      services: ['ai-gateway', 'usage'],
      processes: ['identity', 'ai-gateway'],
      // Every request asks identity, so a dead identity shows at once; chats are budgeted below the lease.
      env: { SESSION_CACHE_TTL_MS: '0', AI_CHAT_BUDGET_MS: String(LEASE_MS - 500), AI_QUOTA_LEASE_MS: String(LEASE_MS) },
    });
    llm = new LlmSandbox(platform.sandbox.url);
    user = await platform.newUser();
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
  });

  const chat = () => platform.backend().post('/api/ai/chat', { messages: [{ role: 'user', content: 'Still there?' }], model: MODEL, max_tokens: 32 }, {
    authorization: `Bearer ${TEST_INTERNAL_API_KEY}`, 'x-user-id': user.id, 'x-user-plan': 'solo', 'x-billing-subscription-id': `sub-${user.id}`,
  });

  describe('ai-gateway killed with chats in flight', () => {
    let inFlight: Timed[];
    let whileDown: Timed;
    let afterRestart: TestResponse;
    let quota: number[];

    beforeAll(async () => {
      await llm.control('gpt-4o-mini', { latencyMs: LLM_LATENCY_MS });
      const chats = Promise.all(Array.from({ length: 5 }, () => timed(chat())));
      await sleep(LLM_LATENCY_MS / 3);
      await platform.kill('ai-gateway');
      inFlight = await chats;
      whileDown = await timed(chat());
      await platform.startService('ai-gateway');
      await llm.reset();
      // The killed replica's leases lapse; the next reservation releases them.
      await sleep(LEASE_MS);
      afterRestart = await chat();
      const redis = new Redis(platform.env.REDIS_URL!);
      quota = (await redis.hmget(quotaKeys(platform.env.REDIS_PREFIX!, user.id, new Date()).month, 'used', 'reserved').finally(() => redis.disconnect())).map(Number);
    }, 60_000);

    it(`fails every chat in flight with 503 within ${DEAD_REPLICA_MS / 1000} s, not at the 100 s chat timeout`, () => {
      expect(inFlight.map(({ response, ms }) => [response.status, ms < DEAD_REPLICA_MS])).toEqual(Array(5).fill([503, true]));
    });

    it('answers a chat at once with 503 while no ai-gateway runs', () => {
      expect([whileDown.response.status, whileDown.response.body, whileDown.ms < 1000]).toEqual([503, { error: 'Service unavailable' }, true]);
    });

    it('serves chats again once it is back', () => {
      expect(afterRestart.status).toBe(200);
    });

    it("releases the killed replica's reservations: the month counts only the chat served", () => {
      expect(quota).toEqual([afterRestart.body.usage.total_tokens, 0]);
    });
  });

  describe('identity killed', () => {
    let whileDown: { signedIn: Timed; stranger: Timed; strangerSession: Timed };
    let afterRestart: { signedIn: TestResponse; stranger: TestResponse };

    const stranger = () => {
      const client = platform.web();
      client.setCookie(SESSION_COOKIE, randomUUID());
      return client;
    };

    beforeAll(async () => {
      await platform.kill('identity');
      whileDown = {
        signedIn: await timed(user.client.get('/api/keys')),
        stranger: await timed(stranger().get('/api/keys')),
        strangerSession: await timed(stranger().get('/api/auth/session')),
      };
      await platform.startService('identity');
      afterRestart = { signedIn: await user.client.get('/api/keys'), stranger: await stranger().get('/api/keys') };
    }, 60_000);

    it.each(['signedIn', 'stranger', 'strangerSession'] as const)('answers %s at once with 503 while identity is down, never 2xx', (who) => {
      const { response, ms } = whileDown[who];
      expect([response.status, response.body, ms < 1000]).toEqual([503, { error: 'Service unavailable' }, true]);
    });

    it('serves a signed-in user again once identity is back', () => {
      expect(afterRestart.signedIn.status).toBe(200);
    });

    it('refuses a made-up cookie with 401 once identity is back', () => {
      expect([afterRestart.stranger.status, afterRestart.stranger.body]).toEqual([401, { error: 'Unauthorized' }]);
    });
  });
});
