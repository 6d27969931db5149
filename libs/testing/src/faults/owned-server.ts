import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CapturedOutput } from './captured-output.js';
import { freePort } from './free-port.js';
import { spawnGuarded } from './guarded-spawn.js';
import { isAlive, killTree } from './process-tree.js';
import { connectOutcome } from './tcp-probe.js';

/** A server a fault test starts on a port of its own and may kill outright, as a crash or an OOM kill would. */
export interface OwnedServer {
  readonly name: string;
  readonly url: string;
  readonly port: number;
  /** What the server wrote to stdout and stderr lately, across restarts. */
  readonly output: CapturedOutput;
  /** Started, and neither killed nor exited since. */
  readonly running: boolean;
  /** SIGKILLs the server and every process it started; resolves once its port refuses connections. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it serves. */
  start(): Promise<void>;
  /** Kills it if it runs and removes its data; safe to call twice. */
  close(): Promise<void>;
}

/** How to run a server on the port and in the data dir it was given. */
export interface ServerConfig {
  url: string;
  command: string;
  args: string[];
  /** Who the server runs as, when not this process's user (Postgres refuses root). */
  user?: { uid: number; gid: number };
  /** Resolves once the server answers a client, throws until then. */
  ready(): Promise<void>;
  /** Readies the data dir for a start after a kill. */
  beforeStart?(): Promise<void>;
}

interface ServerSpec extends ServerConfig {
  name: string;
  port: number;
  /** Holds the server's data; removed by close(). */
  dir: string;
}

const START_TIMEOUT_MS = 30_000;
const KILL_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT = 64 * 1024;

/** An OwnedServer run as a guarded child process of this one (see spawnGuarded). */
class ChildServer implements OwnedServer {
  readonly output = new CapturedOutput(OUTPUT_LIMIT);
  private child?: ChildProcess;
  private exited?: Promise<unknown>;
  private closed = false;

  constructor(private readonly spec: ServerSpec) {}

  get name(): string {
    return this.spec.name;
  }

  get url(): string {
    return this.spec.url;
  }

  get port(): number {
    return this.spec.port;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    if (this.closed) throw new Error(`${this.name} is closed`);
    if (this.running) throw new Error(`${this.name} is already running`);
    await this.spec.beforeStart?.();
    const child = spawnGuarded(this.spec.command, this.spec.args, { ...this.spec.user, dataDir: this.spec.dir });
    this.output.capture(child);
    this.child = child;
    this.exited = once(child, 'exit');
    try {
      await this.waitUntilReady(child);
    } catch (error) {
      // Not waiting for the port: it may be held by whatever made the start fail.
      await this.stopChild();
      throw error;
    }
  }

  async kill(): Promise<void> {
    if (!this.child) return;
    const killed = await this.stopChild();
    await this.waitUntil('its processes are gone', () => !killed.some(isAlive));
    await this.waitUntil('its port refuses connections', async () => (await connectOutcome(this.port)) === 'ECONNREFUSED');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.kill();
    await rm(this.spec.dir, { recursive: true, force: true });
  }

  /** Kills the child and what it started; returns the pids of the latter, which may still be dying. */
  private async stopChild(): Promise<number[]> {
    const child = this.child!;
    const killed = child.exitCode === null && child.signalCode === null ? killTree(child.pid!) : [];
    await this.exited;
    this.child = undefined;
    return killed;
  }

  private async waitUntilReady(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${this.name} exited (${child.exitCode ?? child.signalCode}) before it served on port ${this.port}:\n${this.output.tail()}`);
      }
      if (await this.spec.ready().then(() => true, () => false)) return;
      if (Date.now() > deadline) {
        throw new Error(`${this.name} did not serve on port ${this.port} within ${START_TIMEOUT_MS / 1000} s:\n${this.output.tail()}`);
      }
      await sleep(50);
    }
  }

  private async waitUntil(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
    const deadline = Date.now() + KILL_TIMEOUT_MS;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`${this.name} killed, but not ${what} within ${KILL_TIMEOUT_MS / 1000} s`);
      await sleep(20);
    }
  }
}

/**
 * Gives a server a free port and a temp dir, lets `configure` prepare it there, and starts it;
 * the dir goes again when any of that fails.
 */
export async function startChildServer(
  name: string,
  configure: (port: number, dir: string) => ServerConfig | Promise<ServerConfig>,
): Promise<OwnedServer> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), `platform-fault-${name}-`));
  let server: ChildServer | undefined;
  try {
    server = new ChildServer({ ...(await configure(port, dir)), name, port, dir });
    await server.start();
  } catch (error) {
    await (server ? server.close() : rm(dir, { recursive: true, force: true }));
    throw error;
  }
  return server;
}
