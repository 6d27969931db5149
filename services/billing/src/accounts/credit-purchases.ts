import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CHECKOUT_METADATA as META, CREDIT_PACKS, type CreditPack } from '@platform/contracts';
import type { Applied } from '../subscriptions/subscription-lifecycle.js';
import { AccountEntity } from './account.entity.js';

/** A paid credit pack adds its credits once per checkout session, however often its payment is reported. */
@Injectable()
export class CreditPurchases {
  async paid(manager: EntityManager, sessionId: string, metadata: Record<string, string>): Promise<Applied> {
    const pack = metadata[META.pack] as CreditPack;
    const credits = CREDIT_PACKS[pack];
    const userId = metadata[META.userId];
    if (!credits || !userId) return { outcome: 'ignored', userId: null };
    const account = await manager.findOne(AccountEntity, { where: { userId }, lock: { mode: 'pessimistic_write' } });
    if (!account) return { outcome: 'unknown_user', userId: null };
    const inserted: unknown[] = await manager.query(
      'INSERT INTO billing.credit_purchases (session_id, user_id, pack, credits) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING session_id',
      [sessionId, userId, pack, credits],
    );
    if (!inserted.length) return { outcome: 'stale', userId };
    await manager.increment(AccountEntity, { userId }, 'credits', credits);
    return { outcome: 'applied', userId };
  }
}
