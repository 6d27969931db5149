import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numericAsBigint } from '@platform/database';
import type { SplitStatus } from '@platform/contracts';

/** One payee as the split was asked for, with the units it gets, fixed when the split is stored. */
export interface SplitRecipient {
  address: string;
  share: number;
  /** USDC smallest units, as a decimal string (jsonb holds no bigint). */
  amount: string;
}

/** A royalty split (extended-services 2): `id` is the spec's splitId. */
@Entity({ name: 'splits' })
export class SplitEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'agent_id', type: 'varchar' }) agentId!: string;
  @Column({ name: 'from_address', type: 'varchar' }) fromAddress!: string;
  @Column({ type: 'varchar' }) name!: string;
  /** USDC smallest units. */
  @Column({ name: 'total_amount', type: 'numeric', transformer: numericAsBigint }) totalAmount!: bigint;
  @Column({ type: 'jsonb' }) recipients!: SplitRecipient[];
  @Column({ type: 'varchar' }) status!: SplitStatus;
  @Column({ type: 'text', nullable: true }) reason!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
