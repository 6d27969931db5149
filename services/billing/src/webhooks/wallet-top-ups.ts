import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { CHECKOUT_METADATA as META, EVENTS } from '@platform/contracts';
import { Outbox } from '@platform/messaging';
import type { Applied } from '../subscriptions/subscription-lifecycle.js';

const WALLET_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * A card top-up of a wallet (extended-services 6): billing receives the processor's event, the
 * wallet service credits it from EVENTS.billing.walletTopUpPaid.
 */
@Injectable()
export class WalletTopUps {
  constructor(private readonly outbox: Outbox) {}

  async paid(manager: EntityManager, sessionId: string, metadata: Record<string, string>, created: number): Promise<Applied> {
    const walletAddress = metadata[META.walletAddress] ?? '';
    const amountCents = Number(metadata[META.amountCents]);
    if (!WALLET_ADDRESS.test(walletAddress) || !Number.isInteger(amountCents) || amountCents < 1) return { outcome: 'ignored', userId: null };
    await this.outbox.add(manager, EVENTS.billing.walletTopUpPaid, {
      eventId: randomUUID(), sessionId, walletAddress, amountCents, occurredAt: new Date(created * 1000).toISOString(),
    });
    return { outcome: 'applied', userId: null };
  }
}
