import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A watcher in the child's process group holds this process's end of the child's stdin. Jest does
 * not run test code's process 'exit' handlers, and a SIGKILLed worker runs none at all, so the
 * pipe is what ties the children's lives to ours: at EOF (this process is gone, however it ended)
 * the watcher kills the command, removes its data dir ($1, if any) and SIGKILLs the group. A line
 * instead of EOF means the command ended while we live: the group goes, the data stays.
 * The command is exec'd, so the child's pid ($$ in the watcher) is the command's.
 */
const GUARD = `dir=$1; shift; exec 3<&0
( if read -r _ <&3; then kill -KILL 0; fi
  kill -KILL $$; if [ -n "$dir" ]; then rm -rf "$dir"; fi; kill -KILL 0 ) &
exec "$@" 3<&- </dev/null`;

export interface GuardedSpawnOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  uid?: number;
  gid?: number;
  /** Removed when this process dies before the command does. */
  dataDir?: string;
}

/** Spawns `command` as the leader of a process group of its own that dies with this process. */
export function spawnGuarded(command: string, args: string[], { dataDir = '', ...options }: GuardedSpawnOptions = {}): ChildProcess {
  const child = spawn('/bin/sh', ['-c', GUARD, 'guard', dataDir, command, ...args], { ...options, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  // The command is gone: the watcher goes after whatever it left in its group. It is gone too when
  // the group was killed, and the write fails with EPIPE.
  child.stdin!.on('error', () => undefined);
  child.once('exit', () => child.stdin!.end('exited\n'));
  return child;
}
