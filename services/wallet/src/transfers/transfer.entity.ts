import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numericAsBigint } from '@platform/database';

export type TransferPurpose = 'top_up' | 'split' | 'gas' | 'escrow_hold' | 'escrow_release';

/**
 * planned: recorded, nothing signed. signed: nonce, raw transaction and hash stored, perhaps sent.
 * confirmed: mined and succeeded. failed: mined and reverted, its nonce went to another transaction,
 * or given up before it was signed (its split failed).
 */
export type TransferStatus = 'planned' | 'signed' | 'confirmed' | 'failed';

/** One token (or, with no token, native gas) transfer the platform makes from a wallet it holds. */
@Entity({ name: 'transfers' })
export class TransferEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId!: string | null;
  @Column({ name: 'chain_id', type: 'integer' }) chainId!: number;
  /** Null: the chain's native currency (gas). */
  @Column({ type: 'varchar', nullable: true }) token!: string | null;
  @Column({ name: 'from_address', type: 'varchar' }) fromAddress!: string;
  @Column({ name: 'to_address', type: 'varchar' }) toAddress!: string;
  /** Smallest units of the token. */
  @Column({ type: 'numeric', transformer: numericAsBigint }) amount!: bigint;
  @Column({ type: 'varchar' }) purpose!: TransferPurpose;
  @Column({ name: 'purpose_id', type: 'varchar' }) purposeId!: string;
  @Column({ type: 'integer' }) position!: number;
  @Column({ type: 'varchar' }) status!: TransferStatus;
  @Column({ type: 'integer', nullable: true }) nonce!: number | null;
  @Column({ name: 'tx_hash', type: 'varchar', nullable: true }) txHash!: string | null;
  @Column({ name: 'raw_tx', type: 'text', nullable: true, select: false }) rawTx!: string | null;
  @Column({ type: 'text', nullable: true }) error!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
