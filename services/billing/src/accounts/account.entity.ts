import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { AiProvider, Plan, SubscriptionStatus } from '@platform/contracts';

/** A user as billing knows them: their processor customer, current subscription, BYOK and credits. */
@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'varchar' }) email!: string;
  /** Created at the processor once, at the user's first checkout, and reused after. */
  @Column({ name: 'customer_id', type: 'varchar', nullable: true }) customerId!: string | null;
  @Column({ type: 'varchar', default: 'free' }) plan!: Plan;
  @Column({ name: 'subscription_status', type: 'varchar', default: 'inactive' }) subscriptionStatus!: SubscriptionStatus;
  /** The subscription whose events set plan and status: the one most recently paid for. */
  @Column({ name: 'subscription_id', type: 'varchar', nullable: true }) subscriptionId!: string | null;
  /** When the last plan-changed event was announced; each next one is later, so identity applies them in order. */
  @Column({ name: 'plan_changed_at', type: 'timestamptz', nullable: true }) planChangedAt!: Date | null;
  @Column({ name: 'byok_provider', type: 'varchar', nullable: true }) byokProvider!: AiProvider | null;
  /** Sealed by libs/secrets; never read back except for the AI layer's calls. */
  @Column({ name: 'byok_key', type: 'text', nullable: true }) byokKey!: string | null;
  @Column({ type: 'integer', default: 0 }) credits!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
