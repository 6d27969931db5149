import { CONFIG_ERROR_EXIT_CODE } from '@platform/contracts';

/** A runtime that ended, as far as its provider saw it. */
export interface RuntimeExit {
  agentId: string;
  exitCode: number | null;
  signal: string | null;
}

/** Why a runtime is gone, in the words kept on the agent: exit code or signal, then its last line. */
export function exitReason(exit: Pick<RuntimeExit, 'exitCode'> & { signal?: string | null }, lastWords?: string): string {
  const words = lastWords ? `: ${lastWords}` : '';
  if (exit.exitCode === CONFIG_ERROR_EXIT_CODE) return `Configuration error (exit code ${CONFIG_ERROR_EXIT_CODE})${words}`;
  const how = exit.signal ? ` on ${exit.signal}` : exit.exitCode != null ? ` with code ${exit.exitCode}` : '';
  return `Runtime exited${how}${words}`;
}
