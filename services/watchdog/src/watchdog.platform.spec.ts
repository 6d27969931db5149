import { ownerQuery, TestPlatform } from '@platform/testing';
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
    await until('a metrics sample', async () =>
      (await ownerQuery(platform.env, 'SELECT 1 FROM watchdog.container_metrics WHERE agent_id = $1', [agentId])).length > 0);
    expect(runtime.hits.healthz).toBeGreaterThan(0);
  });
});
