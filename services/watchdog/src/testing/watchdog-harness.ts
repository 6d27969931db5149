import type { INestApplicationContext } from '@nestjs/common';
import type { EnvSource } from '@platform/config';
import { QUEUES } from '@platform/contracts';
import { OpsEndpoint } from '@platform/ops';
import { QueueFactory, type ScheduledJob } from '@platform/queue';
import { createTestDatabase, deleteEventStream, deleteRedisKeys, ownerQuery, ScrapedMetrics, testEnv, waitFor, type TestDatabase } from '@platform/testing';
import { startWatchdog } from '../watchdog.app.js';
import { FakeAgents } from './fake-agents.js';
import { FakeRuntime } from './fake-runtime.js';

/** Check intervals of the tests' watchdog (ms). */
export const NORMAL_MS = 500;
export const DEGRADED_MS = 200;

/** Watchdog timings in tenths of a second, so a whole episode plays out in a few seconds. */
export const FAST_WATCHDOG_ENV: EnvSource = {
  WATCHDOG_CHECK_INTERVAL: String(NORMAL_MS / 1000),
  WATCHDOG_DEGRADED_CHECK_INTERVAL: String(DEGRADED_MS / 1000),
  WATCHDOG_PROBE_TIMEOUT: '1',
  WATCHDOG_REPAIR_TIMEOUT: '5',
  WATCHDOG_RECONCILE_RETRY: '0.3',
  WATCHDOG_CONCURRENCY: '8',
  NATS_REQUEST_TIMEOUT_MS: '2000',
};

export interface MetricRow {
  agent_id: string;
  user_id: string;
  cpu_percent: number;
  memory_bytes: string;
  memory_limit_bytes: string;
  uptime_ms: string;
}

/** One harness per test file: started before its tests, the fake agents service reset after each, closed at the end. */
export function useWatchdogHarness(): WatchdogHarness {
  const harness = new WatchdogHarness();
  beforeAll(() => harness.start());
  afterEach(() => harness.agents.reset());
  afterAll(() => harness.close());
  return harness;
}

/** The watchdog on its own database and prefixes, a fake agents service, and fake runtimes. */
export class WatchdogHarness {
  env: EnvSource = {};
  agents!: FakeAgents;
  private database?: TestDatabase;
  private app?: INestApplicationContext;
  private readonly runtimes: FakeRuntime[] = [];

  async start(): Promise<void> {
    this.database = await createTestDatabase();
    this.env = testEnv(this.database.url, FAST_WATCHDOG_ENV);
    this.agents = await FakeAgents.start(this.env);
    await this.startWatchdog();
  }

  async startWatchdog(): Promise<void> {
    this.app = await startWatchdog(this.env);
  }

  async stopWatchdog(): Promise<void> {
    await this.app?.close();
    this.app = undefined;
  }

  async runtime(): Promise<FakeRuntime> {
    const runtime = await FakeRuntime.start();
    this.runtimes.push(runtime);
    return runtime;
  }

  /** What the running watchdog's ops port serves. */
  scrape(): Promise<ScrapedMetrics> {
    return ScrapedMetrics.of(this.app!.get(OpsEndpoint).url!);
  }

  async schedulers(): Promise<ScheduledJob[]> {
    return this.app!.get(QueueFactory).schedulers(QUEUES.watchdogCheck);
  }

  async scheduler(agentId: string): Promise<ScheduledJob | undefined> {
    return this.app!.get(QueueFactory).scheduler(QUEUES.watchdogCheck, agentId);
  }

  async metrics(agentId: string): Promise<MetricRow[]> {
    return ownerQuery<MetricRow>(this.env, 'SELECT * FROM watchdog.container_metrics WHERE agent_id = $1 ORDER BY sampled_at', [agentId]);
  }

  async close(): Promise<void> {
    await this.stopWatchdog();
    await this.agents?.close();
    await Promise.all(this.runtimes.map((runtime) => runtime.close()));
    await this.database?.drop();
    if (this.env.NATS_PREFIX) await deleteEventStream(this.env.NATS_PREFIX);
    if (this.env.REDIS_PREFIX) await deleteRedisKeys(this.env.REDIS_PREFIX);
  }
}

/** Polls until the condition holds, else fails naming what did not happen; generous, since the test machine's cores are shared. */
export async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  if (!(await waitFor(async () => condition(), (held) => held, timeoutMs))) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}
