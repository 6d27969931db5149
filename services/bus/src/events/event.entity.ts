import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An underground event (extended-services 2). */
@Entity({ name: 'events' })
export class EventEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'agent_id', type: 'varchar' }) agentId!: string;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ type: 'text' }) description!: string;
  @Column({ type: 'varchar' }) venue!: string;
  @Column({ name: 'event_date', type: 'timestamptz' }) eventDate!: Date;
  /** As sent: the spec's type is a string, and the sender's digits are kept. */
  @Column({ name: 'ticket_price_usdc', type: 'varchar' }) ticketPriceUsdc!: string;
  @Column({ name: 'total_tickets', type: 'integer' }) totalTickets!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
