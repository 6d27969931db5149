import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { VerificationType, VerificationView } from '@platform/contracts';

/** An agent's latest verification: a new one replaces it, DELETE /api/agents/:id/verify removes it. */
@Entity({ name: 'verifications' })
export class VerificationEntity {
  @PrimaryColumn({ name: 'agent_id', type: 'uuid' }) agentId!: string;
  @Column({ name: 'user_id', type: 'text' }) userId!: string;
  @Column({ type: 'boolean' }) verified!: boolean;
  @Column({ name: 'verification_type', type: 'text', nullable: true }) verificationType!: VerificationType | null;
  @Column({ type: 'text' }) challenge!: string;
  @Column({ type: 'jsonb' }) checks!: VerificationView['checks'];
  @Column({ type: 'jsonb' }) failures!: string[];
  @Column({ name: 'checked_at', type: 'timestamptz' }) checkedAt!: Date;
  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true }) verifiedAt!: Date | null;
}
