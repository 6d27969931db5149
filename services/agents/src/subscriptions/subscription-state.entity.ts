import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { SubscriptionStatus } from '@platform/contracts';

/**
 * The last plan-changed event applied to a user's agents: JetStream may redeliver an older event
 * after a newer one, and only a newer one (or a different one at the same time) is applied.
 */
@Entity({ name: 'subscription_states' })
export class SubscriptionStateEntity {
  /** Text like the agents' owner column, which row-level security compares it with. */
  @PrimaryColumn({ name: 'user_id', type: 'text' }) userId!: string;
  @Column({ name: 'subscription_status', type: 'text' }) subscriptionStatus!: SubscriptionStatus;
  @Column({ name: 'event_id', type: 'uuid' }) eventId!: string;
  @Column({ name: 'occurred_at', type: 'timestamptz' }) occurredAt!: Date;
}
