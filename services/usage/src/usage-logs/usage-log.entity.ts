import type { BilledTo, CallOutcome } from '@platform/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One billed model call (platform-core section 2, Usage event); written once per event id. */
@Entity({ name: 'usage_logs' })
export class UsageLogEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'user_id', type: 'varchar', length: 255 }) userId!: string;
  @Column({ name: 'agent_id', type: 'varchar', length: 255 }) agentId!: string;
  @Column({ type: 'varchar', length: 100 }) model!: string;
  @Column({ name: 'input_tokens', type: 'integer' }) inputTokens!: number;
  @Column({ name: 'output_tokens', type: 'integer' }) outputTokens!: number;
  /** Dollars with six decimals, as text: numeric never passes through a float. */
  @Column({ name: 'cost_usd', type: 'numeric', precision: 10, scale: 6 }) costUsd!: string;
  @Column({ type: 'varchar' }) endpoint!: string;
  @Column({ name: 'event_id', type: 'uuid', unique: true }) eventId!: string;
  @Column({ type: 'varchar' }) provider!: string;
  /** `platform`, or `user` for a call on the user's own provider key. */
  @Column({ name: 'billed_to', type: 'varchar', default: 'platform' }) billedTo!: BilledTo;
  /** The user API key the call was made with; null when no key made it. */
  @Column({ name: 'api_key_id', type: 'uuid', nullable: true }) apiKeyId!: string | null;
  /** Milliseconds from admission to the answer; null for rows from before it was recorded. */
  @Column({ name: 'duration_ms', type: 'integer', nullable: true }) durationMs!: number | null;
  /** `error`: no model answered; such a row costs nothing and is not in the rollups. */
  @Column({ type: 'varchar', length: 8, default: 'ok' }) outcome!: CallOutcome;
  /** When the call happened (the event's occurredAt), not when the worker wrote it. */
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
