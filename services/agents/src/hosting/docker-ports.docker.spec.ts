import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { loadEnv } from '@platform/config';
import { createDataSource, Db } from '@platform/database';
import { agentRuntimeEnv, createTestDatabase, testEnv, type TestDatabase } from '@platform/testing';
import { AgentsEnv } from '../agents.env.js';
import { agentsDatabase } from '../database.js';
import { DockerEngine } from './docker-engine.js';
import { DockerHostingProvider } from './docker.provider.js';
import { PortProbe } from './free-port.js';
import type { RuntimeSpec } from './hosting.provider.js';
import { RUNTIME_LABELS, scopeFilter } from './runtime-labels.js';
import { OfferingTwice } from './testing/offering-twice.js';

/**
 * The docker adapter on the host's network chooses each runtime's port while the runtime has not bound
 * it yet, so the OS may offer one port twice: two launches side by side must still get their own.
 */
describe('docker hosting provider, ports on the host network', () => {
  const scope = `t${randomBytes(5).toString('hex')}`;
  let database: TestDatabase;
  let dataSource: DataSource;
  let env: AgentsEnv;
  let engine: DockerEngine;

  const spec = (): RuntimeSpec => ({
    agentId: randomUUID(), userId: 'owner', plan: 'solo', model: 'gpt-4', config: {},
    gatewayToken: 'token-of-sixteen-chars', resources: { memory: 1, cpus: 1 },
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    env = loadEnv(AgentsEnv, testEnv(database.url, {
      ...(await agentRuntimeEnv()),
      HOSTING_PROVIDER: 'docker', DOCKER_SCOPE: scope, DOCKER_HOST: process.env.DOCKER_HOST ?? '', PLATFORM_IMAGE: process.env.PLATFORM_IMAGE ?? 'platform:local',
    }));
    dataSource = await createDataSource(database.url, agentsDatabase, false).initialize();
    engine = new DockerEngine(env);
  });

  afterAll(async () => {
    const left = await engine.api.listContainers({ all: true, filters: { label: scopeFilter(scope) } });
    await Promise.all(left.map((container) => engine.api.getContainer(container.Id).remove({ force: true })));
    const volumes = (await engine.api.listVolumes({ filters: { label: scopeFilter(scope) } })).Volumes ?? [];
    await Promise.all(volumes.map((volume) => engine.api.getVolume(volume.Name).remove({ force: true })));
    await dataSource?.destroy();
    await database?.drop();
  });

  it('gives two runtimes deployed at once their own ports when the OS offers both the same one', async () => {
    const offered = (await new PortProbe().bindable(env.AGENT_RUNTIME_HOST, 0))!;
    const sut = new DockerHostingProvider(new Db(dataSource), engine, env, new OfferingTwice(offered, 1000));
    const runtimes = [spec(), spec()];

    await Promise.all(runtimes.map((runtime) => sut.deploy(runtime)));

    const containers = await engine.api.listContainers({ all: true, filters: { label: scopeFilter(scope) } });
    const ports = containers.map((container) => Number(container.Labels[RUNTIME_LABELS.port]));
    expect(ports).toHaveLength(2);
    expect(ports).toContain(offered);
    expect(new Set(ports).size).toBe(2);
  });
});
