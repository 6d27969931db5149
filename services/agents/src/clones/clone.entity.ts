import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A clone and the payment that bought it; transaction_hash is unique, so one payment buys one clone. */
@Entity({ name: 'clones' })
export class CloneEntity {
  @PrimaryColumn({ name: 'agent_id', type: 'uuid' }) agentId!: string;
  @Column({ name: 'user_id', type: 'text' }) userId!: string;
  @Column({ name: 'parent_agent_id', type: 'uuid' }) parentAgentId!: string;
  @Column({ type: 'integer' }) generation!: number;
  @Column({ type: 'text' }) specialization!: string;
  /** Lower case, so one hash written two ways is still one payment. */
  @Column({ name: 'transaction_hash', type: 'text', unique: true }) transactionHash!: string;
  @Column({ name: 'chain_id', type: 'integer' }) chainId!: number;
  @Column({ type: 'text' }) payer!: string;
  /** pathUSD's smallest units (6 decimals) actually transferred, as read on chain. */
  @Column({ name: 'amount_units', type: 'numeric', precision: 78, scale: 0 }) amountUnits!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
