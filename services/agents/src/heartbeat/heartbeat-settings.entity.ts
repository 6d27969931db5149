import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** How a beat ended: the prompt answered, the prompt not answered, or the agent not running (probed only). */
export type HeartbeatOutcome = 'ok' | 'failed' | 'skipped-not-running';

@Entity({ name: 'heartbeat_settings' })
export class HeartbeatSettingsEntity {
  @PrimaryColumn({ name: 'agent_id', type: 'uuid' }) agentId!: string;
  @Column({ name: 'user_id', type: 'text' }) userId!: string;
  @Column({ type: 'text' }) frequency!: string;
  @Column({ type: 'boolean' }) enabled!: boolean;
  @Column({ name: 'last_heartbeat', type: 'timestamptz', nullable: true }) lastHeartbeat!: Date | null;
  @Column({ name: 'next_heartbeat', type: 'timestamptz', nullable: true }) nextHeartbeat!: Date | null;
  @Column({ name: 'last_beat_at', type: 'timestamptz', nullable: true }) lastBeatAt!: Date | null;
  @Column({ name: 'last_beat_outcome', type: 'text', nullable: true }) lastBeatOutcome!: HeartbeatOutcome | null;
  /** Why a beat failed, or what the probe of an agent not running found. */
  @Column({ name: 'last_beat_detail', type: 'text', nullable: true }) lastBeatDetail!: string | null;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
