import { existsSync, readFileSync } from 'node:fs';

const PROC = '/proc';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The argument that marks a runtime process as an agent's: how a reused pid is told apart. */
export const agentArgument = (agentId: string) => `--agent=${agentId}`;

/**
 * Is `pid` alive and still that agent's runtime? Where /proc exists the command line must carry
 * the agent's marker, so a pid the OS handed to another process (or a zombie) is not mistaken for it.
 */
export function runtimeAlive(pid: number, agentId: string): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (!existsSync(PROC)) return true;
  try {
    return readFileSync(`${PROC}/${pid}/cmdline`, 'utf8').split('\0').includes(agentArgument(agentId));
  } catch {
    return false;
  }
}

/** SIGTERM (after SIGCONT, in case it is suspended), then SIGKILL if it is still there after the grace. */
export async function terminate(pid: number, agentId: string, graceMs = 3000): Promise<void> {
  if (!runtimeAlive(pid, agentId)) return;
  for (const signal of ['SIGCONT', 'SIGTERM'] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
  }
  for (const deadline = Date.now() + graceMs; Date.now() < deadline; await sleep(50)) {
    if (!runtimeAlive(pid, agentId)) return;
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  while (runtimeAlive(pid, agentId)) await sleep(20);
}
