import { AGENT_RUNTIME_PROCESS, RUNTIME_AGENT_HEADER, RUNTIME_PATHS } from '@platform/contracts';

/** How runMain starts the runtime's last line when it cannot start; the reason kept on the agent goes without it. */
const RUNTIME_LINE_PREFIX = `${AGENT_RUNTIME_PROCESS}: `;

/**
 * The agent id the runtime at `runtimeUrl` answers /healthz as ('' for a stranger that sends none,
 * or a refusal), or undefined when nothing answers: another agent's runtime on a reused port is not this one.
 */
export async function answeringAs(runtimeUrl: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(`${runtimeUrl}${RUNTIME_PATHS.healthz}`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.ok ? response.headers.get(RUNTIME_AGENT_HEADER) ?? '' : '';
  } catch {
    return undefined;
  }
}

/** The last line a runtime wrote before it stopped: a config error names the bad setting there. */
export function lastWordsOf(output: string): string | undefined {
  const line = output.split('\n').map((text) => text.trim()).filter(Boolean).pop();
  return line?.startsWith(RUNTIME_LINE_PREFIX) ? line.slice(RUNTIME_LINE_PREFIX.length) : line;
}
