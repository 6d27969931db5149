import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { RuntimeSpec } from './hosting.provider.js';

/**
 * The `local` provider's record of one agent process: what lets a restarted agents service (or
 * another replica) find, adopt or re-create it instead of orphaning or double-starting it.
 */
@Entity({ name: 'local_runtimes' })
export class LocalRuntimeEntity {
  @PrimaryColumn({ name: 'agent_id', type: 'uuid' }) agentId!: string;
  @Column({ type: 'integer' }) pid!: number;
  @Column({ type: 'integer' }) port!: number;
  @Column({ type: 'jsonb' }) spec!: RuntimeSpec;
  @Column({ type: 'boolean', default: false }) suspended!: boolean;
  @Column({ name: 'exit_code', type: 'integer', nullable: true }) exitCode!: number | null;
  @Column({ name: 'started_at', type: 'timestamptz' }) startedAt!: Date;
}
