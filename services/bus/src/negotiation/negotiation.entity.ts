import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { BookingState } from './booking-moves.js';

/** One booking's negotiation between the agent that asked (requester) and the one asked (provider). */
@Entity({ name: 'negotiations' })
export class NegotiationEntity {
  @PrimaryColumn({ name: 'booking_id', type: 'varchar' }) bookingId!: string;
  @Column({ name: 'requester_agent_id', type: 'varchar' }) requesterAgentId!: string;
  @Column({ name: 'provider_agent_id', type: 'varchar' }) providerAgentId!: string;
  @Column({ type: 'varchar' }) state!: BookingState;
  @Column({ name: 'last_message_id', type: 'varchar' }) lastMessageId!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
