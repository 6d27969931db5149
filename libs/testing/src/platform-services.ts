import type { INestApplicationContext } from '@nestjs/common';
import type { EnvSource } from '@platform/config';
import { ServiceProcess } from './faults/service-process.js';
import { SERVICE_STARTERS, type ServiceName } from './service-starters.js';

/**
 * The services of one platform, each booted in this process or, when the test asked for it, in a
 * child process of its own that the test can kill outright.
 */
export class PlatformServices {
  private readonly inProcess = new Map<ServiceName, INestApplicationContext>();
  private readonly processes = new Map<ServiceName, ServiceProcess>();
  /** Every process a service ran in, for its logs across kills and restarts. */
  private readonly runs = new Map<ServiceName, ServiceProcess[]>();
  private readonly overrides = new Map<ServiceName, EnvSource>();

  constructor(private readonly env: EnvSource, private readonly asProcess: ReadonlySet<ServiceName>) {}

  /** `env` adds to the platform's for this service and is kept for its restarts. */
  async start(name: ServiceName, env?: EnvSource): Promise<void> {
    if (this.inProcess.has(name) || this.processes.get(name)?.running) throw new Error(`${name} is already running`);
    if (env) this.overrides.set(name, env);
    const serviceEnv = { ...this.env, ...this.overrides.get(name) };
    if (!this.asProcess.has(name)) {
      this.inProcess.set(name, await SERVICE_STARTERS[name](serviceEnv));
      return;
    }
    const started = await ServiceProcess.start(name, serviceEnv);
    this.processes.set(name, started);
    this.runs.set(name, [...(this.runs.get(name) ?? []), started]);
  }

  /** A graceful stop: shutdown hooks run. */
  async stop(name: ServiceName): Promise<void> {
    await this.inProcess.get(name)?.close();
    this.inProcess.delete(name);
    await this.processes.get(name)?.stop();
    this.processes.delete(name);
  }

  /** SIGKILL; only a service the platform runs as a process can be killed. */
  async kill(name: ServiceName): Promise<void> {
    if (!this.asProcess.has(name)) throw new Error(`${name} runs in the test's process; list it in \`processes\` to kill it`);
    await this.processes.get(name)?.kill();
    this.processes.delete(name);
  }

  /** The Nest context of a service running in this process: a service-level test reaches its providers through it. */
  context(name: ServiceName): INestApplicationContext {
    const context = this.inProcess.get(name);
    if (!context) throw new Error(`${name} is not running in the test's process`);
    return context;
  }

  /** What the service's processes wrote to stdout and stderr, one run after another (empty for an in-process service). */
  logs(name: ServiceName): string {
    return (this.runs.get(name) ?? []).map((run) => run.output.toString()).join('');
  }

  async close(): Promise<void> {
    await Promise.all([...this.processes.values()].map((service) => service.kill()));
    this.processes.clear();
    await Promise.all([...this.inProcess.values()].map((service) => service.close()));
    this.inProcess.clear();
  }
}
