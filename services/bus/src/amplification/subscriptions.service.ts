import { Injectable } from '@nestjs/common';
import {
  ApiError, BUS_MESSAGES as M, type BusSubscriptionDto, type BusSubscriptionView, type BusUnsubscribedView,
} from '@platform/contracts';
import { Db } from '@platform/database';
import type { EntityManager } from 'typeorm';
import type { Recipient } from '../delivery/deliveries.js';
import { PlatformQueries } from '../directory/platform-queries.js';
import { SubscriptionEntity } from './subscription.entity.js';

/** Who hears an agent's AMPLIFY_ messages: the agents subscribed to it. */
@Injectable()
export class Subscriptions {
  constructor(private readonly db: Db, private readonly queries: PlatformQueries) {}

  /** `created` false when the subscriber already hears the publisher. */
  async subscribe(request: BusSubscriptionDto): Promise<{ subscription: BusSubscriptionView; created: boolean }> {
    const { publisherAgentId, subscriberAgentId } = request;
    if (publisherAgentId === subscriberAgentId) throw new ApiError(400, M.selfSubscription);
    const [publisher, subscriber] = await Promise.all([this.queries.endpoint(publisherAgentId), this.queries.endpoint(subscriberAgentId)]);
    if (!publisher || !subscriber) throw new ApiError(404, M.agentNotFound);
    const inserted = await this.db.asSystem((manager) => manager.createQueryBuilder().insert().into(SubscriptionEntity)
      .values({ publisherAgentId, subscriberAgentId, userId: subscriber.userId }).orIgnore().execute());
    return { subscription: { publisherAgentId, subscriberAgentId }, created: (inserted.raw as unknown[]).length > 0 };
  }

  async unsubscribe(request: BusSubscriptionDto): Promise<BusUnsubscribedView> {
    const { publisherAgentId, subscriberAgentId } = request;
    const removed = await this.db.asSystem((manager) => manager.delete(SubscriptionEntity, { publisherAgentId, subscriberAgentId }));
    if (!removed.affected) throw new ApiError(404, M.subscriptionNotFound);
    return { publisherAgentId, subscriberAgentId, deleted: true };
  }

  /** The publisher's subscribers, in the transaction accepting its AMPLIFY_ message. */
  async audience(manager: EntityManager, publisherAgentId: string): Promise<Recipient[]> {
    const rows = await manager.find(SubscriptionEntity, { where: { publisherAgentId }, order: { subscriberAgentId: 'ASC' } });
    return rows.map((row) => ({ agentId: row.subscriberAgentId, userId: row.userId }));
  }
}
