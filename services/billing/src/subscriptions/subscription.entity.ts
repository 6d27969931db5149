import { bigintAsNumber } from '@platform/database';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Plan, SubscriptionStatus } from '@platform/contracts';

/** A processor subscription, with the position of the last event applied to it (see subscription-events.ts). */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryColumn({ type: 'varchar' }) id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'varchar' }) plan!: Plan;
  @Column({ type: 'varchar' }) status!: SubscriptionStatus;
  /** The processor's `created` of the last applied event, Unix seconds. */
  @Column({ name: 'event_created', type: 'bigint', transformer: bigintAsNumber })
  eventCreated!: number;
  @Column({ name: 'event_rank', type: 'smallint' }) eventRank!: number;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
