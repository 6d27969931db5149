import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One paid card top-up (the processor's checkout session), credited once: the agent calls it buys
 * in this ledger, and its USDC on chain through `transferId` (null until the treasury pays it).
 */
@Entity({ name: 'top_ups' })
export class TopUpEntity {
  @PrimaryColumn({ name: 'session_id', type: 'varchar' }) sessionId!: string;
  @Column({ name: 'wallet_address', type: 'varchar' }) walletAddress!: string;
  @Column({ name: 'amount_cents', type: 'integer' }) amountCents!: number;
  /** Agent calls bought: one per whole dollar (4.1). */
  @Column({ type: 'integer' }) calls!: number;
  @Column({ name: 'transfer_id', type: 'uuid', nullable: true }) transferId!: string | null;
  @Column({ name: 'paid_at', type: 'timestamptz' }) paidAt!: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
