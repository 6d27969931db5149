import type { AgentsEnv } from '../agents.env.js';
import type { RuntimeSpec } from './hosting.provider.js';

const GIB = 1024 ** 3;

/** The plan's memory in bytes: the cgroup limit of a container, the heap cap of a process. */
export const memoryBytesOf = (spec: RuntimeSpec): number => Math.round(spec.resources.memory * GIB);

/**
 * Node's flags for a runtime: the heap may grow to the plan's memory. A process (local) has no other
 * cap; in a container the cgroup binds first, so the kernel, not V8, enforces the plan.
 */
export const runtimeNodeFlags = (spec: RuntimeSpec): string[] => [`--max-old-space-size=${Math.round(memoryBytesOf(spec) / 1024 ** 2)}`];

/** Where a runtime listens and keeps its files, as the runtime itself sees them. */
export interface RuntimePlace {
  host: string;
  port: number;
  dataDir: string;
}

/** The agent's env for services/agent-runtime (its RuntimeEnv), whichever adapter runs it. */
export function runtimeEnv(env: AgentsEnv, spec: RuntimeSpec, place: RuntimePlace): Record<string, string> {
  return {
    NODE_ENV: env.NODE_ENV,
    LOG_LEVEL: env.LOG_LEVEL,
    AGENT_ID: spec.agentId,
    AGENT_USER_ID: spec.userId,
    AGENT_PLAN: spec.plan,
    AGENT_MODEL: spec.model,
    AGENT_CONFIG: JSON.stringify(spec.config),
    HOST: place.host,
    PORT: String(place.port),
    GATEWAY_TOKEN: spec.gatewayToken,
    BACKEND_URL: env.BACKEND_URL,
    INTERNAL_API_KEY: env.INTERNAL_API_KEY,
    // No billing service yet: the owner stands for the subscription (docs/agents.md).
    BILLING_SUBSCRIPTION_ID: `user:${spec.userId}`,
    REDIS_URL: env.REDIS_URL,
    REDIS_PREFIX: env.REDIS_PREFIX,
    DATA_DIR: place.dataDir,
    MEMORY_LIMIT_BYTES: String(memoryBytesOf(spec)),
  };
}

/** A runtime's URL as others reach it: the advertised host when set, else the one it listens on. */
export const runtimeUrlOf = (env: AgentsEnv, port: number, host = env.AGENT_RUNTIME_ADVERTISED_HOST || env.AGENT_RUNTIME_HOST): string =>
  `http://${host}:${port}`;
