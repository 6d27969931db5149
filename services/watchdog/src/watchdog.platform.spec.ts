import pg from 'pg';
import { TestPlatform } from '@platform/testing';
import { FakeAgents } from './testing/fake-agents.js';
import { FakeRuntime } from './testing/fake-runtime.js';
import { FAST_WATCHDOG_ENV, until } from './testing/watchdog-harness.js';

describe('watchdog in the platform', () => {
  let platform: TestPlatform;
  let agents: FakeAgents;
  let runtime: FakeRuntime;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['watchdog'], env: FAST_WATCHDOG_ENV });
    agents = await FakeAgents.start(platform.env);
    runtime = await FakeRuntime.start();
  });

  afterAll(async () => {
    await agents?.close();
    await runtime?.close();
    await platform?.close();
  });

  it('boots with the platform and starts checking an agent as soon as it runs', async () => {
    const agentId = await agents.provision(runtime);
    const client = new pg.Client({ connectionString: platform.env.DATABASE_URL });
    await client.connect();
    try {
      await until('a metrics sample', async () => {
        const { rowCount } = await client.query('SELECT 1 FROM watchdog.container_metrics WHERE agent_id = $1', [agentId]);
        return (rowCount ?? 0) > 0;
      });
    } finally {
      await client.end();
    }
    expect(runtime.hits.healthz).toBeGreaterThan(0);
  });
});
