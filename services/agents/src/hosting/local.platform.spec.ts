import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { RUNTIME_AGENT_HEADER, RUNTIME_PATHS } from '@platform/contracts';
import { BEARER, provisionRunning, subscribedUser, TestPlatform, waitForStatus } from '@platform/testing';
import { startAgents } from '../agents.app.js';
import { agentArgument } from './process-table.js';

/** Live processes whose command line marks them as this agent's runtime. */
function processesOf(agentId: string): number[] {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(agentArgument(agentId));
    } catch {
      return false;
    }
  }).map(Number);
}

describe('local hosting provider across restarts of the agents service', () => {
  let platform: TestPlatform;
  let agentIds: string[];

  const query = async <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: platform.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  const recorded = async () => {
    const rows = await query<{ agent_id: string; pid: number; port: number }>('SELECT agent_id, pid, port FROM agents.local_runtimes');
    return new Map(rows.map((row) => [row.agent_id, { pid: row.pid, port: row.port }]));
  };

  const answersAs = async (agentId: string, port: number) => {
    const response = await fetch(`http://127.0.0.1:${port}${RUNTIME_PATHS.healthz}`);
    return response.headers.get(RUNTIME_AGENT_HEADER) === agentId;
  };

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'agents'] });
    const user = await subscribedUser(platform, 'network');
    agentIds = [await provisionRunning(platform, user, { name: 'First' }), await provisionRunning(platform, user, { name: 'Second' })];
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('adopts the running processes: same pids, still running, one process per agent', async () => {
    const before = await recorded();

    await platform.restartService('agents');

    expect(await recorded()).toEqual(before);
    for (const agentId of agentIds) {
      expect(processesOf(agentId)).toEqual([before.get(agentId)!.pid]);
      expect(await answersAs(agentId, before.get(agentId)!.port)).toBe(true);
      expect((await platform.backend().get(`/api/agents/${agentId}`, BEARER)).body.status).toBe('running');
    }
  });

  it('re-creates a process that died while the service was down, on its old port, once even with two replicas booting', async () => {
    const [lost, kept] = agentIds as [string, string];
    const before = await recorded();
    await platform.stopService('agents');
    process.kill(before.get(lost)!.pid, 'SIGKILL');
    while (processesOf(lost).length) await new Promise((resolve) => setTimeout(resolve, 20));

    const [, replica] = await Promise.all([platform.startService('agents'), startAgents(platform.env)]);
    try {
      const after = await recorded();
      expect(after.get(lost)!.pid).not.toBe(before.get(lost)!.pid);
      expect(after.get(lost)!.port).toBe(before.get(lost)!.port);
      expect(after.get(kept)).toEqual(before.get(kept));
      expect(processesOf(lost)).toEqual([after.get(lost)!.pid]);
      expect(processesOf(kept)).toEqual([before.get(kept)!.pid]);
      for (let attempt = 0; !(await answersAs(lost, after.get(lost)!.port).catch(() => false)) && attempt < 100; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await answersAs(lost, after.get(lost)!.port)).toBe(true);
      expect((await platform.backend().get(`/api/agents/${lost}`, BEARER)).body.status).toBe('running');
    } finally {
      await replica.close();
    }
  });

  it('keeps the agents running when the service stops (the processes are detached)', async () => {
    const before = await recorded();
    await platform.stopService('agents');
    try {
      for (const agentId of agentIds) expect(await answersAs(agentId, before.get(agentId)!.port)).toBe(true);
    } finally {
      await platform.startService('agents');
    }
  });

  it('provisions an agent left in provisioning with no job (a crash between saving the status and queuing)', async () => {
    const created = (await platform.backend().post('/api/agents', { name: 'Stranded' }, BEARER)).body;
    await platform.stopService('agents');
    try {
      await query(`UPDATE agents.agents SET status = 'provisioning' WHERE id = $1`, [created.id]);
    } finally {
      await platform.startService('agents');
    }
    expect(await waitForStatus(platform.backend(), created.id, 'running')).toMatchObject({ id: created.id, status: 'running' });
  });

  it('ends the runtime of a deleted agent', async () => {
    const [agentId] = agentIds as [string];
    const { pid } = (await recorded()).get(agentId)!;
    expect((await platform.backend().delete(`/api/agents/${agentId}`, undefined, BEARER)).body).toEqual({ id: agentId, deleted: true });
    expect(processesOf(agentId)).toEqual([]);
    expect((await recorded()).has(agentId)).toBe(false);
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
