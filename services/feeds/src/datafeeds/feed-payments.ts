import { Inject, Injectable, Logger } from '@nestjs/common';
import { SUBJECTS, type DataFeed, type PayX402Reply } from '@platform/contracts';
import { Db } from '@platform/database';
import { RpcClient } from '@platform/messaging';
import type { FeedsEnv } from '../feeds.env.js';
import { FEEDS_ENV } from '../feeds.tokens.js';
import { FeedPaymentEntity, type FeedPaymentStatus } from './feed-payment.entity.js';
import type { UpstreamAnswer } from './upstream-call.js';
import { challengeOf, resourceOf, settlementOf, type PaymentRequired } from './x402-challenge.js';

/**
 * Pays a feed's x402 challenge with the platform's agentic wallet (svc.wallet.pay_x402, exact
 * scheme, at most FEEDS_AUTOPAY_MAX_AMOUNT) and makes the paid call. Every payment is recorded
 * before the call that carries it goes out, then marked with the transaction that settled it.
 */
@Injectable()
export class FeedPayments {
  private readonly logger = new Logger('FeedPayments');

  constructor(private readonly rpc: RpcClient, private readonly db: Db, @Inject(FEEDS_ENV) private readonly env: FeedsEnv) {}

  /**
   * The paid call's answer; null when nothing was paid (autopay off, or the wallet would not pay:
   * not configured, too expensive, no requirement it can meet, not reachable), so the 402 stands.
   */
  async pay(feed: DataFeed, challenge: PaymentRequired, call: (headers: Record<string, string>) => Promise<UpstreamAnswer>): Promise<UpstreamAnswer | null> {
    if (!this.env.FEEDS_AUTOPAY) return null;
    let paid: PayX402Reply;
    try {
      paid = await this.rpc.request<PayX402Reply>(SUBJECTS.wallet.payX402, { paymentRequired: challenge, maxAmount: this.env.FEEDS_AUTOPAY_MAX_AMOUNT });
    } catch (error) {
      this.logger.warn({ feed: feed.id, msg: 'The wallet did not pay the feed\'s challenge', reason: error instanceof Error ? error.message : String(error) });
      return null;
    }
    const id = await this.record(feed, challenge, paid);
    let answer: UpstreamAnswer;
    try {
      answer = await call(paid.headers);
    } catch (error) {
      await this.mark(id, 'failed', null, error instanceof Error ? error.message : String(error));
      throw error;
    }
    // `call` fails any other status, so the paid call was refused or settled.
    if (answer.status === 402) await this.mark(id, 'refused', null, challengeOf(answer)?.error ?? 'the provider refused the payment');
    else await this.mark(id, 'settled', settlementOf(answer)?.transaction ?? null, null);
    return answer;
  }

  private async record(feed: DataFeed, challenge: PaymentRequired, paid: PayX402Reply): Promise<string> {
    return this.db.asSystem(async (manager) => {
      const row = manager.create(FeedPaymentEntity, {
        feedId: feed.id, resourceUrl: resourceOf(challenge), network: paid.network, asset: paid.asset, amount: paid.amount, payTo: paid.payTo, payer: paid.payer, status: 'sent',
      });
      return (await manager.save(row)).id;
    });
  }

  private async mark(id: string, status: FeedPaymentStatus, transaction: string | null, error: string | null): Promise<void> {
    await this.db.asSystem((manager) => manager.update(FeedPaymentEntity, { id }, { status, transaction, error, settledAt: status === 'settled' ? new Date() : null }));
  }
}
