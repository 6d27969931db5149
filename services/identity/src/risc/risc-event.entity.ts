import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A security event received, by its `jti`: a repeat finds its row and does nothing. */
@Entity({ name: 'risc_events' })
export class RiscEventEntity {
  @PrimaryColumn({ type: 'text' }) jti!: string;
  @Column({ type: 'boolean' }) legacy!: boolean;
  @Column({ name: 'event_types', type: 'text', array: true }) eventTypes!: string[];
  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' }) receivedAt!: Date;
  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true }) processedAt!: Date | null;
}
