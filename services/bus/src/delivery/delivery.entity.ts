import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { BusDeliveryStatus } from '@platform/contracts';

/**
 * One recipient's copy of a message. `held` waits behind an earlier copy of the same booking for
 * the same recipient; `queued` has its bus.deliver job; `delivered` and `dead` are final.
 */
@Entity({ name: 'deliveries' })
export class DeliveryEntity {
  /** bigint: pg returns it as text. */
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ name: 'message_id', type: 'varchar' }) messageId!: string;
  @Column({ name: 'recipient_agent_id', type: 'varchar' }) recipientAgentId!: string;
  /** The recipient's owner. */
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'order_key', type: 'varchar', nullable: true }) orderKey!: string | null;
  @Column({ type: 'varchar' }) status!: BusDeliveryStatus;
  @Column({ type: 'integer' }) attempts!: number;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError!: string | null;
  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true }) deliveredAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
