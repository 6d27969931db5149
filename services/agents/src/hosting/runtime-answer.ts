import { AGENT_RUNTIME_PROCESS, RUNTIME_AGENT_HEADER, RUNTIME_PATHS } from '@platform/contracts';
import type { AgentsEnv } from '../agents.env.js';
import type { RuntimeInspection } from './hosting.provider.js';

/** How runMain starts the runtime's last line when it cannot start; the reason kept on the agent goes without it. */
const RUNTIME_LINE_PREFIX = `${AGENT_RUNTIME_PROCESS}: `;

/**
 * The agent id the runtime at `runtimeUrl` answers /healthz as ('' for a stranger that sends none,
 * or a refusal), or undefined when nothing answers: another agent's runtime on a reused port is not this one.
 */
async function answeringAs(runtimeUrl: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(`${runtimeUrl}${RUNTIME_PATHS.healthz}`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.ok ? response.headers.get(RUNTIME_AGENT_HEADER) ?? '' : '';
  } catch {
    return undefined;
  }
}

/** A live, unfrozen runtime's state from its /healthz: nothing answers yet, the agent answers, or a stranger does. */
export async function probedState(runtimeUrl: string, agentId: string, timeoutMs: number): Promise<RuntimeInspection> {
  const answering = await answeringAs(runtimeUrl, timeoutMs);
  if (answering === undefined) return { state: 'starting', runtimeUrl };
  return { state: answering === agentId ? 'healthy' : 'unhealthy', runtimeUrl };
}

/**
 * Whether boot reconciliation keeps a live runtime it finds: it answers as the agent, or it started
 * less than RUNTIME_STARTUP_GRACE_MS ago (a replica booting next to us just started it).
 */
export async function adoptable(
  runtimeUrl: string, agentId: string, startedAtMs: number,
  env: Pick<AgentsEnv, 'HEALTH_PROBE_TIMEOUT_MS' | 'RUNTIME_STARTUP_GRACE_MS'>,
): Promise<boolean> {
  const answering = (await answeringAs(runtimeUrl, env.HEALTH_PROBE_TIMEOUT_MS)) === agentId;
  return answering || Date.now() - startedAtMs < env.RUNTIME_STARTUP_GRACE_MS;
}

/** A stack frame, or the version line Node ends a crash's output with: never why the runtime stopped. */
const TRACE_LINE = /^(at |Node\.js v\d)/;

/**
 * The last line a runtime wrote before it stopped: a config error names the bad setting there, and
 * runMain ends any other failure with its message. A stack written last (a runtime of an older
 * build, a crash Node itself reports) gives the line above it, the error's.
 */
export function lastWordsOf(output: string): string | undefined {
  const lines = output.split('\n').map((text) => text.trim()).filter(Boolean);
  const line = lines.findLast((text) => !TRACE_LINE.test(text)) ?? lines.at(-1);
  return line?.startsWith(RUNTIME_LINE_PREFIX) ? line.slice(RUNTIME_LINE_PREFIX.length) : line;
}
