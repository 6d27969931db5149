import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An event stored with the change it announces; the row is deleted once JetStream has it. */
@Entity({ name: 'outbox' })
export class OutboxEventEntity {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' }) eventId!: string;
  @Column({ type: 'text' }) subject!: string;
  @Column({ type: 'jsonb' }) payload!: Record<string, unknown>;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
