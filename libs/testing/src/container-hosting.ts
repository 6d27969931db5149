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
