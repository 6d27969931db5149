import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { EVENTS } from '@platform/contracts';
import { EventBus } from '@platform/messaging';
import type { WalletEnv } from '../wallet.env.js';
import { WALLET_ENV } from '../wallet.tokens.js';
import { TopUpCredits } from './top-up-credits.js';

/**
 * Billing reports a paid top-up; this service credits it (durable: an event is retried until
 * credited). At boot a worker also pays the top-ups recorded while no treasury was configured,
 * trying again every WALLET_SWEEP_INTERVAL_MS until that succeeds once.
 */
@Injectable()
export class TopUpPaidConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TopUpPaidConsumer.name);
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly events: EventBus,
    private readonly credits: TopUpCredits,
    @Inject(WALLET_ENV) private readonly env: WalletEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.consume(EVENTS.billing.walletTopUpPaid, (event) => this.credits.credit(event));
    if (hasRole(this.env, 'worker')) void this.payWaiting();
  }

  onApplicationShutdown(): void {
    clearTimeout(this.retry);
  }

  private async payWaiting(): Promise<void> {
    try {
      const planned = await this.credits.payWaiting();
      if (planned) this.logger.log({ msg: `planned ${planned} top-up credits recorded without a treasury` });
    } catch (error) {
      this.logger.warn({ msg: `top-ups waiting for the treasury not planned yet: ${error instanceof Error ? error.message : String(error)}` });
      this.retry = setTimeout(() => void this.payWaiting(), this.env.WALLET_SWEEP_INTERVAL_MS);
      this.retry.unref();
    }
  }
}
