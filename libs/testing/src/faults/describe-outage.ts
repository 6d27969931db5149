import { Redis } from 'ioredis';
import { EVENTS, QUEUES } from '@platform/contracts';
import { quotaKeys } from '../../../../services/ai-gateway/src/quota/quota-period.js';
import { TestPlatform, type TestUser } from '../platform.js';
import { queueCounts } from '../queued-jobs.js';
import { ownerQuery } from '../usage-fixtures.js';
import { waitFor, waitUntil } from '../wait-for.js';
import { startOwnedInfra, type OwnedInfra } from './owned-infra.js';
import { agentOf, duringOutage, keyNameOf, READINESS, recoverableStreams, RECOVERY_MS, runOutage, type OutageRun } from './outage-scenario.js';
import { succeeded, type Sample } from './steady-load.js';
import { streamEvents } from './stream-events.js';

/**
 * A failure must come at once, not after a timeout: the slowest allowed is the database pool's 2 s
 * wait for a connection, plus 1 s for a machine whose two cores another test file shares (CI saw
 * 2.7 s with a 0.5 s margin).
 */
const FAST_FAILURE_MS = 3000;
/**
 * Nothing may wait out a route's timeout (5 s, 100 s for a chat) on a dead dependency: the slowest
 * allowed is a caller's 3 s wait on a silent replica, plus 1.5 s for a shared machine.
 */
const SLOWEST_ANSWER_MS = 4500;
/**
 * Usage jobs failed during the outage are retried after 1 s, 2 s, 4 s, and jobs a worker held when
 * Redis died (done, but their completion lost) return once their locks lapse: all are written within this.
 */
const DRAIN_MS = 30_000;
/**
 * A job the usage worker held when Redis died stays active until its lock lapses and the stalled
 * check returns it: up to lock + 2 checks, 90 s with the production defaults. The outage is about
 * what the platform does meanwhile, so the locks are short here (usage-worker-crash covers the return).
 */
const FAST_LOCK_RECOVERY = { USAGE_LOCK_DURATION_MS: '2000', USAGE_STALLED_INTERVAL_MS: '1000' };

export interface OutageCase {
  server: 'postgres' | 'redis' | 'nats';
  /** Streams that need the server: each must fail, fast, while it is down (proof the outage reached them). */
  failing: string[];
  /** Streams that do not need it: each must keep succeeding while it is down. */
  serving: string[];
  /** Lines the usage service (a process of its own here) logs exactly once for the outage. */
  loggedOnce: string[];
  /** What the gateway's GET /readyz says while the server is down. */
  readinessWhileDown: { status: number; failing: string[]; degraded: string[] };
}

/**
 * One server of the platform's own killed under load and started again (issue "fail closed and
 * fail fast"), with every property the platform must keep through it as one test each.
 */
export function describeOutage({ server, failing, serving, loggedOnce, readinessWhileDown }: OutageCase): void {
  describe(`${server} killed under load and started again`, () => {
    let infra: OwnedInfra;
    let platform: TestPlatform;
    let run: OutageRun;

    beforeAll(async () => {
      infra = await startOwnedInfra();
      platform = await TestPlatform.start({
        infra,
        services: ['billing', 'ai-gateway'],
        processes: ['usage'],
        env: { USAGE_BATCH_MAX_WAIT_MS: '50', AI_CHAT_BUDGET_MS: '5000', AI_QUOTA_LEASE_MS: '6000', ...FAST_LOCK_RECOVERY },
      });
      await platform.startService('usage', { LOG_LEVEL: 'info' });
      run = await runOutage(platform, infra[server]);
    }, 120_000);

    afterAll(async () => {
      await platform?.close();
      await infra?.close();
    });

    const all = () => run.load.samples;
    const users = () => [run.alice, run.bob];
    const chats = (user: TestUser) => run.load.of(user === run.alice ? 'chat:alice' : 'chat:bob');
    /** Every usage job written (or given up on): counts read before then could miss a late or doubled row. */
    const drained = () => waitUntil('the usage queue drained', () => queueCounts(platform.env, QUEUES.usageLog),
      (counts) => !counts.waiting && !counts.active && !counts.delayed, DRAIN_MS);

    it('never lets a made-up cookie in: 401 or 503 on a route that needs a user, a null user on the session view', () => {
      const admitted = (sample: Sample) => !(sample.status === 401 || isUnavailable(sample));
      expect([...run.load.of('stranger:keys'), ...run.load.of('stranger:dashboard')].filter(admitted)).toEqual([]);
      expect(run.load.of('stranger:session').filter((sample) => admitted(sample) && !(sample.status === 200 && (sample.body as { user?: unknown } | null)?.user === null))).toEqual([]);
    });

    it("never shows one user another's data", () => {
      expect(run.load.of('dashboard:alice').filter((sample) => JSON.stringify(sample.body).includes(agentOf(run.bob)))).toEqual([]);
      expect(run.load.of('keys:bob').filter((sample) => JSON.stringify(sample.body).includes(keyNameOf(run.alice)))).toEqual([]);
    });

    it('answers a signed-in user (or a newcomer) with success or 503 and Retry-After, never another error or a sign-out', () => {
      const users = recoverableStreams(run.load).flatMap((stream) => run.load.of(stream));
      expect(users.filter((sample) => !succeeded(sample) && !isUnavailable(sample))).toEqual([]);
    });

    it(`fails at once: every failure within ${FAST_FAILURE_MS} ms`, () => {
      expect(all().filter((sample) => sample.status >= 500 && sample.ms > FAST_FAILURE_MS)).toEqual([]);
    });

    it(`keeps no request waiting on the dead server: every answer within ${SLOWEST_ANSWER_MS} ms`, () => {
      expect(all().filter((sample) => sample.ms > SLOWEST_ANSWER_MS)).toEqual([]);
    });

    it.each(failing)('fails %s while the server is down (the outage reached it)', (stream) => {
      expect(duringOutage(run, stream).some(isUnavailable)).toBe(true);
    });

    // Nothing goes without NATS: every request crosses it.
    if (serving.length) it.each(serving)('keeps serving %s while the server is down', (stream) => {
      const samples = duringOutage(run, stream);
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.filter((sample) => !succeeded(sample))).toEqual([]);
    });

    it(`answers GET /readyz ${readinessWhileDown.status} while the server is down (once the gateway has noticed)`, () => {
      const samples = run.load.of(READINESS, run.killedAt + NOTICE_MS, run.restartedAt);
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.map(readinessOf).filter((readiness) => JSON.stringify(readiness) !== JSON.stringify(readinessWhileDown))).toEqual([]);
    });

    it('answers GET /readyz 200, nothing failing or degraded, from 5 s after the restart on', () => {
      const samples = run.load.of(READINESS, run.restartedAt + RECOVERY_MS);
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.map(readinessOf).filter((readiness) => readiness.status !== 200 || readiness.failing.length || readiness.degraded.length)).toEqual([]);
    });

    it(`serves every kind of request again within ${RECOVERY_MS / 1000} s of the restart, and from then on`, () => {
      const settled = run.restartedAt + RECOVERY_MS;
      const late = recoverableStreams(run.load).flatMap((stream) => run.load.of(stream, settled)).filter((sample) => !succeeded(sample));
      expect(recoverableStreams(run.load).map((stream) => run.load.of(stream, settled).length > 0)).not.toContain(false);
      expect(late).toEqual([]);
    });

    it('loses no usage: a usage row for every chat served', async () => {
      await drained();
      for (const user of users()) expect(await usageRows(platform, user)).toBeGreaterThanOrEqual(chats(user).filter(succeeded).length);
    }, DRAIN_MS + 10_000);

    // A chat in flight when the kill cut its caller off may have been served and billed all the same: its answer was lost, not its cost.
    it('doubles no usage: no more rows than chats served, plus those cut off by the kill', async () => {
      await drained();
      for (const user of users()) {
        const cutOff = chats(user).filter((sample) => !succeeded(sample) && sample.sentAt <= run.killedAt && sample.sentAt + sample.ms >= run.killedAt);
        expect(await usageRows(platform, user)).toBeLessThanOrEqual(chats(user).filter(succeeded).length + cutOff.length);
      }
    }, DRAIN_MS + 10_000);

    it('counts every billed chat in the quota once and leaks no reservation', async () => {
      await drained();
      const redis = new Redis(infra.redisUrl);
      try {
        for (const user of users()) {
          const tokensPerChat = new Set(chats(user).filter(succeeded).map((sample) => (sample.body as ChatBody).usage.total_tokens));
          expect(tokensPerChat.size).toBe(1);
          const month = quotaKeys(platform.env.REDIS_PREFIX!, user.id, new Date()).month;
          const [used, reserved] = await waitFor(() => redis.hmget(month, 'used', 'reserved'), ([, open]) => Number(open) === 0, DRAIN_MS);
          expect([Number(used), Number(reserved)]).toEqual([[...tokensPerChat][0]! * await usageRows(platform, user), 0]);
        }
      } finally {
        redis.disconnect();
      }
    }, 2 * DRAIN_MS + 10_000);

    // Registrations the kill cut off may have committed: the database, not the answers, says which users exist.
    it('publishes the event of every user registered exactly once', async () => {
      const emails = (await ownerQuery<{ email: string }>(platform.env, `SELECT email FROM identity.users WHERE email LIKE 'newcomer-%'`)).map((row) => row.email).sort();
      expect(emails.length).toBeGreaterThan(0);
      const events = await waitFor(
        () => streamEvents(infra.natsUrl, platform.env.NATS_PREFIX!, EVENTS.identity.userRegistered),
        (found) => emails.every((email) => found.some((event) => event.email === email)),
        DRAIN_MS,
      );
      expect(events.map((event) => event.email).filter((email) => email.startsWith('newcomer-')).sort()).toEqual(emails);
    }, DRAIN_MS + 10_000);

    it.each(loggedOnce)('logs "%s" once for the outage', (line) => {
      expect(platform.logs('usage').split('\n').filter((entry) => entry.includes(`"msg":"${line}"`))).toHaveLength(1);
    });

    it('logs the spec\'s usage failure line never: no usage was lost', () => {
      expect(platform.logs('usage')).not.toContain('[UsageLogger] Failed to log usage');
    });

    it('logs no unhandled Redis client errors', () => {
      expect(platform.logs('usage')).not.toContain('Unhandled error event');
    });
  });
}

/** How long a process may take to see a server die (its connection's close event). */
const NOTICE_MS = 500;

const readinessOf = (sample: Sample) => {
  const { failing, degraded } = sample.body as { failing: string[]; degraded: string[] };
  return { status: sample.status, failing, degraded };
};

const isUnavailable = (sample: Sample) => sample.status === 503 && sample.headers.get('retry-after') === '5';

interface ChatBody {
  usage: { total_tokens: number };
}

async function usageRows(platform: TestPlatform, user: TestUser): Promise<number> {
  const [row] = await ownerQuery<{ count: string }>(platform.env, `SELECT count(*) AS count FROM usage.usage_logs WHERE user_id = $1 AND outcome = 'ok'`, [user.id]);
  return Number(row?.count ?? 0);
}
