import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { AgentStatus } from '@platform/contracts';

@Entity({ name: 'agents' })
export class AgentEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** Text, not uuid: bearer callers act for `x-user-id`, which need not be a platform user. */
  @Column({ name: 'user_id', type: 'text' }) userId!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) model!: string;
  @Column({ name: 'ai_provider', type: 'text' }) aiProvider!: string;
  @Column({ type: 'text' }) plan!: string;
  @Column({ type: 'text' }) status!: AgentStatus;
  /** Why the agent is in `error`, `degraded` or `suspended`, kept for the owner to read. */
  @Column({ name: 'status_reason', type: 'text', nullable: true }) statusReason!: string | null;
  /** Free-form JSON (any: TypeORM's partial-update types reject unknown). */
  @Column({ type: 'jsonb' }) config!: Record<string, any>;
  @Column({ type: 'text', unique: true }) subdomain!: string;
  @Column({ name: 'runtime_url', type: 'text', nullable: true }) runtimeUrl!: string | null;
  @Column({ name: 'runtime_version', type: 'text' }) runtimeVersion!: string;
  /** The runtime checks it on everything but its probes; GET /api/agents/:id/token hands it to the owner. */
  @Column({ name: 'gateway_token', type: 'text' }) gatewayToken!: string;
  @Column({ type: 'boolean', default: false }) verified!: boolean;
  @Column({ name: 'verification_type', type: 'text', nullable: true }) verificationType!: string | null;
  @Column({ name: 'attestation_uid', type: 'text', nullable: true }) attestationUid!: string | null;
  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true }) verifiedAt!: Date | null;
  @Column({ name: 'started_at', type: 'timestamptz', nullable: true }) startedAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
