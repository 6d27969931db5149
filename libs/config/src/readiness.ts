import { Global, Injectable, Logger, Module } from '@nestjs/common';
import { Dependency } from './dependency.js';

export interface ReadinessReport {
  ready: boolean;
  /** Dependencies down that this process cannot serve without, e.g. ["nats", "postgres"]. */
  failing: string[];
  /** Dependencies down that it serves without, in a lesser way (the gateway's Redis). */
  degraded: string[];
}

export interface ReadinessOptions {
  /** The process keeps serving without it: its outage degrades, it does not make the process unready. */
  optional?: boolean;
}

/**
 * The dependencies of one service process. Each connection's owner (messaging, database, queue)
 * registers the one it watches; health endpoints read the report, so "not ready" means exactly
 * that a connection this process needs is down.
 */
@Injectable()
export class Readiness {
  private readonly dependencies = new Map<string, { dependency: Dependency; optional: boolean }>();
  private readonly logger = new Logger('Readiness');

  /** The same name gives the same dependency: two clients of one Redis share its outage. */
  dependency(name: string, options: ReadinessOptions = {}): Dependency {
    const known = this.dependencies.get(name);
    if (known) return known.dependency;
    const dependency = new Dependency(name, this.logger);
    this.add(dependency, options);
    return dependency;
  }

  /** A dependency made before the application existed (the NATS server's connection). */
  add(dependency: Dependency, options: ReadinessOptions = {}): void {
    this.dependencies.set(dependency.name, { dependency, optional: options.optional ?? false });
  }

  report(): ReadinessReport {
    const down = [...this.dependencies.values()].filter(({ dependency }) => !dependency.available);
    const failing = down.filter(({ optional }) => !optional).map(({ dependency }) => dependency.name);
    return { ready: failing.length === 0, failing, degraded: down.filter(({ optional }) => optional).map(({ dependency }) => dependency.name) };
  }

  /** GET /readyz as every probe of the platform answers it: the agent runtime's shape (platform-core 4.11), 503 when not ready. */
  readyz(): { status: number; body: ReadinessReport & { uptimeMs: number } } {
    const report = this.report();
    return { status: report.ready ? 200 : 503, body: { ...report, uptimeMs: Math.round(process.uptime() * 1000) } };
  }
}

/** Imported by every library module that owns a connection; Nest keeps one Readiness per application. */
@Global()
@Module({ providers: [Readiness], exports: [Readiness] })
export class ReadinessModule {}
