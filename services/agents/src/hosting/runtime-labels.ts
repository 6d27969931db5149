import type { RuntimeSpec } from './hosting.provider.js';

/**
 * Labels on every container (and volume) a container adapter makes for an agent: the scope names the
 * platform it belongs to (DOCKER_SCOPE), the others what the platform needs to adopt it after a
 * restart with nothing but the engine to ask: whose it is, where it listens, what it was made from.
 */
export const RUNTIME_LABELS = {
  scope: 'io.platform.scope',
  agent: 'io.platform.agent-id',
  owner: 'io.platform.owner-id',
  port: 'io.platform.port',
  /** The RuntimeSpec as JSON, so start and restart re-create it without the agents database. */
  spec: 'io.platform.spec',
} as const;

/** Deterministic from the agent: the engine refuses a second container of the same name, so a double create fails there. */
export const runtimeName = (scope: string, agentId: string): string => `${scope}-agent-${agentId}`;
export const volumeName = (scope: string, agentId: string): string => `${scope}-agent-${agentId}-data`;

export function runtimeLabels(scope: string, spec: RuntimeSpec, port: number): Record<string, string> {
  return {
    [RUNTIME_LABELS.scope]: scope,
    [RUNTIME_LABELS.agent]: spec.agentId,
    [RUNTIME_LABELS.owner]: spec.userId,
    [RUNTIME_LABELS.port]: String(port),
    [RUNTIME_LABELS.spec]: JSON.stringify(spec),
  };
}

/** The engine's label filter for this platform's objects. */
export const scopeFilter = (scope: string): string[] => [`${RUNTIME_LABELS.scope}=${scope}`];

/** What a container's labels say of the runtime in it; undefined for one that is not an agent's. */
export function labelledRuntime(labels: Record<string, string> | undefined): { agentId: string; port: number; spec: RuntimeSpec } | undefined {
  const agentId = labels?.[RUNTIME_LABELS.agent];
  const spec = labels?.[RUNTIME_LABELS.spec];
  if (!agentId || !spec) return undefined;
  return { agentId, port: Number(labels[RUNTIME_LABELS.port]), spec: JSON.parse(spec) as RuntimeSpec };
}
