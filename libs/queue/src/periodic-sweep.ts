import type { Logger } from '@nestjs/common';

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/**
 * For work that outlives its job (a transfer, a split): every `everyMs` the items `unfinished` lists
 * are worked again, one sweep at a time. An item that throws is logged and the others go on; a
 * sweep that cannot list them is logged and the next one tries again.
 */
export class PeriodicSweep<Id> {
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly what: string,
    private readonly logger: Logger,
    private readonly unfinished: () => Promise<Id[]>,
    private readonly work: (id: Id) => Promise<unknown>,
  ) {}

  start(everyMs: number): void {
    this.timer = setInterval(() => void this.sweep(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      for (const id of await this.unfinished()) {
        await this.work(id).catch((error: unknown) => {
          this.logger.warn({ id, msg: `${this.what} still unfinished: ${firstLine(error)}` });
        });
      }
    } catch (error) {
      this.logger.warn({ msg: `${this.what} sweep failed: ${firstLine(error)}` });
    } finally {
      this.sweeping = false;
    }
  }
}
