import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numericAsBigint } from '@platform/database';

export interface SplitRuleRecipient {
  recipientAddress: string;
  percentage: number;
  role: string | null;
  name: string | null;
}

/** An instant-split rule: shares of an agent wallet's USDC, paid once at least `threshold` units are there. */
@Entity({ name: 'split_rules' })
export class SplitRuleEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'agent_id', type: 'varchar' }) agentId!: string;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ type: 'jsonb' }) recipients!: SplitRuleRecipient[];
  @Column({ type: 'numeric', transformer: numericAsBigint }) threshold!: bigint;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
