import type { LoggerService } from '@nestjs/common';

type OutageLogger = Pick<LoggerService, 'warn' | 'log'>;

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

export interface DependencyOptions {
  /** Not available until the first success, without an outage being logged for it (a connection being set up). */
  startsDown?: boolean;
  /**
   * Successes in a row that end an outage. Above 1 when some calls may still fail while others go
   * through (one frozen replica among several), so the log does not flap with every request.
   */
  recoverAfter?: number;
}

/**
 * One outside dependency (NATS, Redis, PostgreSQL, a service) as this process sees it. An outage is
 * logged twice, when it starts and when it ends, however many calls fail in between: an alert on the
 * warning fires once per outage, and the end line says how long it lasted and what it cost.
 */
export class Dependency {
  private downSince: number | undefined;
  private starting: boolean;
  private failures = 0;
  private successes = 0;
  private readonly recoverAfter: number;

  constructor(
    readonly name: string,
    private readonly logger: OutageLogger,
    options: DependencyOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.starting = options.startsDown ?? false;
    this.recoverAfter = options.recoverAfter ?? 1;
  }

  get available(): boolean {
    return this.downSince === undefined && !this.starting;
  }

  failed(cause: unknown): void {
    this.successes = 0;
    if (this.starting) return;
    this.failures += 1;
    if (this.downSince !== undefined) return;
    this.downSince = this.now();
    this.logger.warn({ msg: `${this.name} unavailable`, dependency: this.name, cause: messageOf(cause) });
  }

  recovered(): void {
    this.starting = false;
    if (this.downSince === undefined) return;
    this.successes += 1;
    if (this.successes < this.recoverAfter) return;
    this.logger.log({ msg: `${this.name} available again`, dependency: this.name, downMs: this.now() - this.downSince, failures: this.failures });
    this.downSince = undefined;
    this.failures = 0;
    this.successes = 0;
  }
}
