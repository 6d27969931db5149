import { bigintAsNumber } from '@platform/database';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** What became of a processor event: kept whatever it was, so nothing the processor sent is lost. */
export type WebhookOutcome = 'applied' | 'unchanged' | 'stale' | 'unknown_user' | 'ignored';

@Entity({ name: 'webhook_events' })
export class WebhookEventEntity {
  @PrimaryColumn({ type: 'varchar' }) id!: string;
  @Column({ type: 'varchar' }) type!: string;
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId!: string | null;
  @Column({ type: 'varchar' }) outcome!: WebhookOutcome;
  @Column({ type: 'bigint', transformer: bigintAsNumber }) created!: number;
  @Column({ type: 'jsonb' }) payload!: object;
  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' }) receivedAt!: Date;
}
