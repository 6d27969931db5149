import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { EnvSource } from '@platform/config';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Env for the agents service in tests: runtimes run from their TypeScript source (through the
 * swc loader), keep their files in a directory of this test file's own, and are polled quickly.
 */
export async function agentRuntimeEnv(): Promise<EnvSource> {
  return {
    AGENT_RUNTIME_ENTRY: path.join(ROOT, 'services/agent-runtime/src/main.ts'),
    AGENT_RUNTIME_NODE_ARGS: `--import ${path.join(ROOT, 'libs/testing/ts-loader.mjs')}`,
    AGENT_DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'platform-test-agents-')),
    HEALTH_POLL_INTERVAL_MS: '200',
    HEALTH_TIMEOUT_MS: '20000',
    HEALTH_PROBE_TIMEOUT_MS: '1000',
  };
}

/**
 * Agent runtimes are detached on purpose (they outlive the agents service), so a test file must
 * end the ones it started: every process the local provider recorded, every container and volume of
 * the platform's DOCKER_SCOPE when it hosted them on the engine, then their files.
 */
export async function destroyAgentRuntimes(databaseUrl: string, env: EnvSource): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const exists = await client.query(`SELECT to_regclass('agents.local_runtimes') AS name`);
    if (exists.rows[0]?.name) {
      const { terminate } = await import('../../../services/agents/src/hosting/process-table.js');
      const { rows } = await client.query<{ agent_id: string; pid: number }>('SELECT agent_id, pid FROM agents.local_runtimes');
      await Promise.all(rows.map((row) => terminate(row.pid, row.agent_id, 1000)));
    }
  } finally {
    await client.end();
  }
  if ((env.HOSTING_PROVIDER === 'docker' || env.HOSTING_PROVIDER === 'swarm') && env.DOCKER_SCOPE) await removeScopedContainers(env.DOCKER_HOST ?? '', env.DOCKER_SCOPE);
  if (env.AGENT_DATA_DIR?.includes('platform-test-agents-')) await rm(env.AGENT_DATA_DIR, { recursive: true, force: true });
}

/** Every swarm service, container and volume labelled with `scope`, running or not (no services where the engine is no manager). */
async function removeScopedContainers(dockerHost: string, scope: string): Promise<void> {
  const { default: Docker } = await import('dockerode');
  const { engineOptions } = await import('../../../services/agents/src/hosting/docker-engine.js');
  const { scopeFilter } = await import('../../../services/agents/src/hosting/runtime-labels.js');
  const engine = new Docker(engineOptions(dockerHost));
  const filters = { label: scopeFilter(scope) };
  const services = await engine.listServices({ filters }).catch(() => []);
  await Promise.all(services.map((service) => engine.getService(service.ID).remove().catch(() => undefined)));
  const containers = await engine.listContainers({ all: true, filters });
  await Promise.all(containers.map((container) => engine.getContainer(container.Id).remove({ force: true }).catch(() => undefined)));
  const { Volumes: volumes } = await engine.listVolumes({ filters });
  await Promise.all((volumes ?? []).map((volume) => engine.getVolume(volume.Name).remove().catch(() => undefined)));
}
