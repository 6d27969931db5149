import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What became of a provider event: kept whatever it was, so a redelivery is recognised. */
export type StreamEventOutcome = 'applied' | 'stale' | 'unknown_stream' | 'archived' | 'deletion_queued' | 'kept' | 'ignored';

@Entity({ name: 'webhook_events' })
export class WebhookEventEntity {
  @PrimaryColumn({ type: 'varchar' }) id!: string;
  @Column({ type: 'varchar' }) type!: string;
  @Column({ name: 'object_id', type: 'varchar', nullable: true }) objectId!: string | null;
  @Column({ type: 'varchar', nullable: true }) wallet!: string | null;
  @Column({ type: 'varchar' }) outcome!: StreamEventOutcome;
  @Column({ name: 'occurred_at', type: 'timestamptz', nullable: true }) occurredAt!: Date | null;
  @Column({ name: 'received_at', type: 'timestamptz', insert: false }) receivedAt!: Date;
  @Column({ type: 'jsonb' }) payload!: object;
}
