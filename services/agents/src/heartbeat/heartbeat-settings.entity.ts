import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'heartbeat_settings' })
export class HeartbeatSettingsEntity {
  @PrimaryColumn({ name: 'agent_id', type: 'uuid' }) agentId!: string;
  @Column({ name: 'user_id', type: 'text' }) userId!: string;
  @Column({ type: 'text' }) frequency!: string;
  @Column({ type: 'boolean' }) enabled!: boolean;
  @Column({ name: 'last_heartbeat', type: 'timestamptz', nullable: true }) lastHeartbeat!: Date | null;
  @Column({ name: 'next_heartbeat', type: 'timestamptz', nullable: true }) nextHeartbeat!: Date | null;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
