import { readdirSync, readFileSync } from 'node:fs';

/** State and parent pid from /proc/<pid>/stat, undefined once the process is gone. */
function stat(pid: number | string): { state: string; parent: number } | undefined {
  try {
    // The command name in parentheses may hold spaces: the fields that follow it are split instead.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, parent] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: state!, parent: Number(parent) };
  } catch {
    return undefined;
  }
}

/** A zombie counts as gone: it holds no memory, sockets or files, only its exit status for its parent. */
export function isAlive(pid: number): boolean {
  const found = stat(pid);
  return found !== undefined && found.state !== 'Z';
}

/** Every live descendant of `root`, read from /proc. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = stat(entry)?.parent;
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (let index = 0, queue = [root]; index < queue.length; index += 1) {
    const next = children.get(queue[index]!) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

function signal(target: number, name: NodeJS.Signals): void {
  try {
    process.kill(target, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * SIGKILLs a process, its process group and every descendant, the ones in sessions of their own too
 * (Postgres backends call setsid). Stopped first, it cannot fork a child the kill would miss.
 * Returns the descendants' pids: a killed process takes a moment to die.
 */
export function killTree(pid: number): number[] {
  signal(pid, 'SIGSTOP');
  const pids = descendants(pid);
  signal(-pid, 'SIGKILL');
  for (const descendant of pids) signal(descendant, 'SIGKILL');
  signal(pid, 'SIGKILL');
  return pids;
}
