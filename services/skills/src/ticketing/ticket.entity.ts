import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numericAsBigint } from '@platform/database';

/** Tickets sold in one purchase; `userId` is the buyer, `organizerUserId` the event agent's owner when it is a platform user. */
@Entity({ name: 'tickets' })
export class TicketEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'event_id', type: 'integer' }) eventId!: number;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'organizer_user_id', type: 'uuid', nullable: true }) organizerUserId!: string | null;
  @Column({ type: 'varchar' }) email!: string;
  @Column({ type: 'varchar' }) tier!: string;
  @Column({ type: 'integer' }) quantity!: number;
  /** USDC units. */
  @Column({ name: 'unit_price', type: 'numeric', transformer: numericAsBigint }) unitPrice!: bigint;
  @Column({ name: 'total_price', type: 'numeric', transformer: numericAsBigint }) totalPrice!: bigint;
  @CreateDateColumn({ name: 'purchased_at', type: 'timestamptz' }) purchasedAt!: Date;
}
