import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { EnvSource } from '@platform/config';
import type { ServiceName } from '../service-starters.js';
import { CapturedOutput } from './captured-output.js';
import { spawnGuarded } from './guarded-spawn.js';
import { killTree } from './process-tree.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** Loading a service's module graph through the TypeScript loader took 17 s under a full run's load. */
const START_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 10_000;
/** Enough for minutes of info-level logs under load; beyond it the oldest lines go. */
const OUTPUT_LIMIT = 16 * 1024 * 1024;

/** A service's main.ts run in a process of its own (through the swc loader), one a test can SIGKILL. */
export class ServiceProcess {
  private constructor(
    readonly name: ServiceName,
    readonly output: CapturedOutput,
    private readonly child: ChildProcess,
    private readonly exited: Promise<unknown>,
  ) {}

  /** Resolves once the service prints `<name> started` (runMain does, after boot). */
  static async start(name: ServiceName, env: EnvSource): Promise<ServiceProcess> {
    const child = spawnGuarded(process.execPath, ['--import', './libs/testing/ts-loader.mjs', `services/${name}/src/main.ts`], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    const output = new CapturedOutput(OUTPUT_LIMIT);
    output.capture(child);
    const service = new ServiceProcess(name, output, child, once(child, 'exit'));
    try {
      await service.started();
    } catch (error) {
      await service.kill();
      throw error;
    }
    return service;
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL, as the OOM killer or a lost node would: no shutdown hook runs. */
  async kill(): Promise<void> {
    if (this.running) killTree(this.pid);
    await this.exited;
  }

  /** SIGTERM, as a deploy would: the service closes what it holds; SIGKILL if it is not gone after the grace. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const grace = setTimeout(() => void this.kill(), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(grace);
  }

  private started(): Promise<void> {
    const line = `${this.name} started`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`${this.name} did not start within ${START_TIMEOUT_MS / 1000} s:\n${this.output.tail()}`)), START_TIMEOUT_MS);
      const onData = () => this.output.toString().includes(line) && finish();
      const onExit = (code: number | null, signal: string | null) =>
        finish(new Error(`${this.name} exited (${code ?? signal}) before it started:\n${this.output.tail()}`));
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.child.stdout!.off('data', onData);
        this.child.off('exit', onExit);
        if (error) reject(error);
        else resolve();
      };
      this.child.stdout!.on('data', onData);
      this.child.once('exit', onExit);
    });
  }
}
