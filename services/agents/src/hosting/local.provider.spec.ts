import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { loadEnv } from '@platform/config';
import { createDataSource, Db } from '@platform/database';
import { agentRuntimeEnv, createTestDatabase, destroyAgentRuntimes, testEnv, type TestDatabase } from '@platform/testing';
import { AgentsEnv } from '../agents.env.js';
import { agentsDatabase } from '../database.js';
import { PortProbe } from './free-port.js';
import type { RuntimeSpec, RuntimeState } from './hosting.provider.js';
import { LocalHostingProvider } from './local.provider.js';
import { runtimeAlive } from './process-table.js';
import { OfferingTwice } from './testing/offering-twice.js';

describe('LocalHostingProvider', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let env: AgentsEnv;
  let sut: LocalHostingProvider;

  const spec = (config: Record<string, unknown> = {}): RuntimeSpec => ({
    agentId: randomUUID(), userId: 'owner', plan: 'solo', model: 'gpt-4', config,
    gatewayToken: 'token-of-sixteen-chars', resources: { memory: 2, cpus: 1 },
  });

  const becomes = async (agentId: string, state: RuntimeState) => {
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      if ((await sut.inspect(agentId)).state === state) return;
    }
    expect((await sut.inspect(agentId)).state).toBe(state);
  };

  const pidOf = async (agentId: string) =>
    (await dataSource.query('SELECT pid FROM agents.local_runtimes WHERE agent_id = $1', [agentId]))[0]?.pid as number | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = loadEnv(AgentsEnv, testEnv(database.url, await agentRuntimeEnv()));
    dataSource = await createDataSource(database.url, agentsDatabase, false).initialize();
    sut = new LocalHostingProvider(new Db(dataSource), env);
  });

  afterAll(async () => {
    await destroyAgentRuntimes(database.url, { AGENT_DATA_DIR: env.AGENT_DATA_DIR });
    await dataSource?.destroy();
    await database?.drop();
  });

  it('deploys a runtime that becomes healthy, capped at the plan\'s memory', async () => {
    const runtime = spec();
    const { runtimeUrl } = await sut.deploy(runtime);
    expect(runtimeUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await becomes(runtime.agentId, 'healthy');
    const pid = (await pidOf(runtime.agentId))!;
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain('--max-old-space-size=2048');
    await sut.destroy(runtime.agentId);
  });

  it('suspends and resumes, stops and starts again from the recorded spec, restarts with a new process', async () => {
    const runtime = spec();
    const { runtimeUrl } = await sut.deploy(runtime);
    await becomes(runtime.agentId, 'healthy');
    const first = (await pidOf(runtime.agentId))!;

    await sut.suspend(runtime.agentId);
    expect((await sut.inspect(runtime.agentId)).state).toBe('suspended');
    expect(await sut.start(runtime.agentId)).toEqual({ runtimeUrl });
    await becomes(runtime.agentId, 'healthy');
    expect(await pidOf(runtime.agentId)).toBe(first);

    await sut.stop(runtime.agentId);
    expect(runtimeAlive(first, runtime.agentId)).toBe(false);
    await becomes(runtime.agentId, 'stopped');
    expect(await sut.start(runtime.agentId)).toEqual({ runtimeUrl });
    await becomes(runtime.agentId, 'healthy');

    const beforeRestart = (await pidOf(runtime.agentId))!;
    expect(await sut.restart(runtime.agentId)).toEqual({ runtimeUrl });
    await becomes(runtime.agentId, 'healthy');
    expect(await pidOf(runtime.agentId)).not.toBe(beforeRestart);
    expect(runtimeAlive(beforeRestart, runtime.agentId)).toBe(false);

    await sut.destroy(runtime.agentId);
    expect(await sut.inspect(runtime.agentId)).toEqual({ state: 'stopped', runtimeUrl: null });
    expect(await sut.agentIds()).not.toContain(runtime.agentId);
  });

  it('reports a runtime that exits with code 78 as stopped, with the exit code and its last words', async () => {
    const runtime = spec({ memoryRecall: 99 });
    await sut.deploy(runtime);
    for (const deadline = Date.now() + 15_000; Date.now() < deadline && (await sut.inspect(runtime.agentId)).exitCode == null;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await sut.inspect(runtime.agentId)).toEqual({
      state: 'stopped', runtimeUrl: expect.any(String), exitCode: 78,
      reason: 'Invalid agent config: config.memoryRecall must be an integer from 0 to 50',
    });
    await sut.destroy(runtime.agentId);
  });

  it('gives two runtimes deployed at once their own ports when the OS offers both the same one', async () => {
    const offered = (await new PortProbe().bindable(env.AGENT_RUNTIME_HOST, 0))!;
    const offering = new LocalHostingProvider(new Db(dataSource), env, new OfferingTwice(offered, 1000));
    const runtimes = [spec(), spec()];

    const urls = (await Promise.all(runtimes.map((runtime) => offering.deploy(runtime)))).map((deployed) => deployed.runtimeUrl);

    expect(urls).toContain(`http://127.0.0.1:${offered}`);
    expect(new Set(urls).size).toBe(2);
    for (const runtime of runtimes) await becomes(runtime.agentId, 'healthy');
    for (const runtime of runtimes) await sut.destroy(runtime.agentId);
  });

  it('is fine destroying an agent it never ran', async () => {
    await expect(sut.destroy(randomUUID())).resolves.toBeUndefined();
  });
});
