import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { EVENTS } from '@platform/contracts';
import { EventBus } from '@platform/messaging';
import { WATCHDOG_ENV } from '../watchdog.tokens.js';
import type { WatchdogEnv } from '../watchdog.env.js';
import { WatchList } from './watch-list.service.js';

/**
 * Worker role: follows EVENTS.agents.statusChanged on a durable consumer and reconciles once at
 * boot, retrying until the agents service answers (it may boot after the watchdog).
 */
@Injectable()
export class StatusChangedConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Watchdog');
  private retry?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly events: EventBus,
    private readonly watchList: WatchList,
    @Inject(WATCHDOG_ENV) private readonly env: WatchdogEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!hasRole(this.env, 'worker')) return;
    await this.events.consume(EVENTS.agents.statusChanged, (event) => this.watchList.apply(event));
    void this.reconcile();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.retry);
  }

  private async reconcile(): Promise<void> {
    try {
      await this.watchList.reconcile();
    } catch (error) {
      if (this.stopped) return;
      this.logger.warn(`Boot reconciliation failed, retrying in ${this.env.WATCHDOG_RECONCILE_RETRY} s: ${String(error)}`);
      this.retry = setTimeout(() => void this.reconcile(), this.env.WATCHDOG_RECONCILE_RETRY * 1000);
    }
  }
}
