import type Docker from 'dockerode';
import { RUNTIME_AGENT_HEADER, RUNTIME_PATHS } from '@platform/contracts';
import type { EnvSource } from '@platform/config';
import { TestPlatform } from './platform.js';

/**
 * A platform (billing, agents, watchdog) whose agents run on the machine's engine with a container adapter
 * (`docker` or `swarm`) under a scope of the test file's own, the watchdog at a test's pace. Shared by the
 * adapters' docker-phase specs, so both are held to the same setting.
 */
export function startContainerHosting(provider: 'docker' | 'swarm', scope: string, env: EnvSource = {}): Promise<TestPlatform> {
  return TestPlatform.start({
    services: ['billing', 'agents', 'watchdog'],
    env: {
      HOSTING_PROVIDER: provider,
      DOCKER_SCOPE: scope,
      PLATFORM_IMAGE: process.env.PLATFORM_IMAGE ?? 'platform:local',
      // A container's first boot (the image's node, swc-built runtime) outlasts the local default in tests.
      HEALTH_TIMEOUT_MS: '30000',
      WATCHDOG_CHECK_INTERVAL: '1',
      WATCHDOG_DEGRADED_CHECK_INTERVAL: '0.5',
      WATCHDOG_PROBE_TIMEOUT: '1',
      WATCHDOG_REPAIR_TIMEOUT: '40',
      WATCHDOG_RECONCILE_RETRY: '0.5',
      ...env,
    },
  });
}

/** Host networking: the agent id the runtime on this host's `port` answers /healthz as, null when nothing answers. */
export const hostRuntimeAnswersAs = (port: string): Promise<string | null> =>
  fetch(`http://127.0.0.1:${port}${RUNTIME_PATHS.healthz}`, { signal: AbortSignal.timeout(1000) })
    .then((response) => response.headers.get(RUNTIME_AGENT_HEADER), () => null);

/** The runtime's own memory figure (its /health, on this host's `port`) and the engine's of its container, read together. */
export async function memoryReadings(engine: Docker, containerId: string, port: string): Promise<{ own: number; engine: number }> {
  const own = ((await (await fetch(`http://127.0.0.1:${port}${RUNTIME_PATHS.health}`)).json()) as { memoryBytes: number }).memoryBytes;
  const { memory_stats: memory } = await engine.getContainer(containerId).stats({ stream: false, 'one-shot': true } as { stream: false });
  return { own, engine: memory.usage - Number((memory.stats as unknown as Record<string, number>).total_inactive_file ?? 0) };
}

/**
 * Whether `figure` is the engine's reading rather than the runtime's own: the process's resident set counts
 * the image's mapped files, which its cgroup was not charged for, tens of MB apart, so which of the two a
 * figure is closer to shows whose reading it is.
 */
export const isEnginesFigure = (figure: number, { own, engine }: { own: number; engine: number }): boolean =>
  Math.abs(figure - engine) < Math.abs(figure - own);
