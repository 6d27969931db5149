import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One tool call an agent runtime reported; written once per event id. */
@Entity({ name: 'tool_usage' })
export class ToolUsageEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'event_id', type: 'uuid', unique: true }) eventId!: string;
  @Column({ name: 'user_id', type: 'varchar', length: 255 }) userId!: string;
  @Column({ name: 'agent_id', type: 'varchar', length: 255 }) agentId!: string;
  @Column({ name: 'tool_name', type: 'varchar', length: 100 }) toolName!: string;
  @Column({ type: 'boolean' }) success!: boolean;
  @Column({ name: 'duration_ms', type: 'integer' }) durationMs!: number;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
