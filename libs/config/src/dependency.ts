import type { LoggerService } from '@nestjs/common';

type OutageLogger = Pick<LoggerService, 'warn' | 'log'>;

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/**
 * One outside dependency (NATS, Redis, PostgreSQL) as this process sees it. An outage is logged
 * twice, when it starts and when it ends, however many calls fail in between: an alert on the
 * warning fires once per outage, and the end line says how long it lasted and what it cost.
 */
export class Dependency {
  private downSince: number | undefined;
  private failures = 0;

  constructor(
    readonly name: string,
    private readonly logger: OutageLogger,
    private readonly now: () => number = Date.now,
  ) {}

  get available(): boolean {
    return this.downSince === undefined;
  }

  failed(cause: unknown): void {
    this.failures += 1;
    if (this.downSince !== undefined) return;
    this.downSince = this.now();
    this.logger.warn({ msg: `${this.name} unavailable`, dependency: this.name, cause: messageOf(cause) });
  }

  recovered(): void {
    if (this.downSince === undefined) return;
    this.logger.log({ msg: `${this.name} available again`, dependency: this.name, downMs: this.now() - this.downSince, failures: this.failures });
    this.downSince = undefined;
    this.failures = 0;
  }
}
