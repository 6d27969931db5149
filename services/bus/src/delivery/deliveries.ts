import { Inject, Injectable } from '@nestjs/common';
import { QUEUES } from '@platform/contracts';
import { Db } from '@platform/database';
import { QueueFactory } from '@platform/queue';
import type { EntityManager } from 'typeorm';
import type { BusEnv } from '../bus.env.js';
import { BUS_ENV } from '../bus.tokens.js';
import { MessageEntity } from '../messages/message.entity.js';
import { lockMessage, lockOrder } from '../messages/order-locks.js';
import { DeliveryEntity } from './delivery.entity.js';

export interface Recipient {
  agentId: string;
  userId: string;
}

export interface PendingDelivery {
  delivery: DeliveryEntity;
  message: MessageEntity;
}

/**
 * One recipient's copies of one booking go out one at a time, in the order they were accepted: a
 * copy accepted while an earlier one is still on its way is `held`, and the earlier one's end
 * (delivered, or dead) releases it. Copies without an order key are queued at once.
 */
@Injectable()
export class Deliveries {
  constructor(private readonly db: Db, private readonly queues: QueueFactory, @Inject(BUS_ENV) private readonly env: BusEnv) {}

  /** The message's copies, stored in the caller's transaction; the ones not held are queued last, so Redis refusing undoes all. */
  async add(manager: EntityManager, messageId: string, recipients: readonly Recipient[], orderKey: string | null): Promise<void> {
    const queued: DeliveryEntity[] = [];
    for (const recipient of recipients) {
      const held = orderKey !== null && await this.behindEarlier(manager, recipient.agentId, orderKey);
      const row = await manager.save(manager.create(DeliveryEntity, {
        messageId, recipientAgentId: recipient.agentId, userId: recipient.userId, orderKey, status: held ? 'held' : 'queued', attempts: 0,
      }));
      if (!held) queued.push(row);
    }
    for (const row of queued) await this.enqueue(row);
  }

  /** The copy a job carries, once the transaction that accepted its message has ended; null when it is final or was never stored. */
  pending(messageId: string, recipientAgentId: string): Promise<PendingDelivery | null> {
    return this.db.asSystem(async (manager) => {
      await lockMessage(manager, messageId);
      const delivery = await manager.findOneBy(DeliveryEntity, { messageId, recipientAgentId, status: 'queued' });
      const message = delivery && await manager.findOneByOrFail(MessageEntity, { messageId });
      return delivery && message && { delivery, message };
    });
  }

  delivered(delivery: DeliveryEntity): Promise<void> {
    return this.finish(delivery, { status: 'delivered', deliveredAt: new Date() });
  }

  /** One more failed attempt; the last one leaves the copy dead, its error kept. */
  async failed(delivery: DeliveryEntity, error: string, last: boolean): Promise<void> {
    if (last) return this.finish(delivery, { status: 'dead', lastError: error });
    await this.db.asSystem((manager) => manager.update(DeliveryEntity, { id: delivery.id }, { attempts: delivery.attempts + 1, lastError: error }));
  }

  /**
   * Copies still queued that were stored more than `olderThanMs` ago, oldest first: the sweep
   * queues them again, which adds nothing for a copy whose job is still in Redis.
   */
  stale(olderThanMs: number, limit: number): Promise<DeliveryEntity[]> {
    return this.db.asSystem((manager) => manager.createQueryBuilder(DeliveryEntity, 'delivery')
      .where(`delivery.status = 'queued' AND delivery.created_at < now() - make_interval(secs => :seconds)`, { seconds: olderThanMs / 1000 })
      .orderBy('delivery.id', 'ASC').limit(limit).getMany());
  }

  ofMessage(manager: EntityManager, messageId: string): Promise<DeliveryEntity[]> {
    return manager.find(DeliveryEntity, { where: { messageId }, order: { id: 'ASC' } });
  }

  /**
   * The next held copy is queued only once this transaction has committed: a worker taking its job
   * sooner would read it still held and end the job with nothing done. Should the process die
   * between the two, the copy is queued in the database with no job, and the sweep sends it.
   */
  private async finish(delivery: DeliveryEntity, changes: Partial<DeliveryEntity>): Promise<void> {
    const next = await this.db.asSystem(async (manager) => {
      if (delivery.orderKey !== null) await lockOrder(manager, delivery.recipientAgentId, delivery.orderKey);
      await manager.update(DeliveryEntity, { id: delivery.id }, { ...changes, attempts: delivery.attempts + 1 });
      if (delivery.orderKey === null) return null;
      const held = await manager.findOne(DeliveryEntity, {
        where: { recipientAgentId: delivery.recipientAgentId, orderKey: delivery.orderKey, status: 'held' }, order: { id: 'ASC' },
      });
      if (held) await manager.update(DeliveryEntity, { id: held.id }, { status: 'queued' });
      return held;
    });
    if (next) await this.enqueue(next);
  }

  private async behindEarlier(manager: EntityManager, recipientAgentId: string, orderKey: string): Promise<boolean> {
    await lockOrder(manager, recipientAgentId, orderKey);
    return manager.exists(DeliveryEntity, { where: [
      { recipientAgentId, orderKey, status: 'queued' },
      { recipientAgentId, orderKey, status: 'held' },
    ] });
  }

  /** The job id names the copy: queuing it again while its job is still in Redis adds nothing. */
  enqueue(row: DeliveryEntity): Promise<void> {
    return this.queues.add(QUEUES.busDeliver, { messageId: row.messageId, recipientAgentId: row.recipientAgentId }, `delivery-${row.id}`, {
      attempts: this.env.BUS_DELIVERY_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.env.BUS_DELIVERY_BACKOFF_MS },
    });
  }
}
