import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Plan, SubscriptionStatus } from '@platform/contracts';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** Stored lower-cased: sign-in is case-insensitive. */
  @Column({ type: 'text', unique: true }) email!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ name: 'password_hash', type: 'text', nullable: true }) passwordHash!: string | null;
  @Column({ type: 'text', default: 'free' }) plan!: Plan;
  @Column({ name: 'subscription_status', type: 'text', default: 'inactive' }) subscriptionStatus!: SubscriptionStatus;
  /** When billing's latest applied plan change happened; older changes are ignored. */
  @Column({ name: 'plan_changed_at', type: 'timestamptz', nullable: true }) planChangedAt!: Date | null;
  @Column({ name: 'referral_code', type: 'text', unique: true }) referralCode!: string;
  @Column({ name: 'referred_by', type: 'uuid', nullable: true }) referredBy!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
