import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintAsNumber } from '@platform/database';

/** Byte counts stay far below 2^53, so a JavaScript number holds them exactly. */

/** One CPU and memory sample of one agent runtime, taken by each check. */
@Entity({ name: 'container_metrics' })
export class ContainerMetricEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ name: 'agent_id', type: 'uuid' }) agentId!: string;
  @Column({ name: 'user_id', type: 'text' }) userId!: string;
  @Column({ name: 'sampled_at', type: 'timestamptz' }) sampledAt!: Date;
  @Column({ name: 'cpu_percent', type: 'double precision' }) cpuPercent!: number;
  @Column({ name: 'memory_bytes', type: 'bigint', transformer: bigintAsNumber }) memoryBytes!: number;
  @Column({ name: 'memory_limit_bytes', type: 'bigint', transformer: bigintAsNumber }) memoryLimitBytes!: number;
  @Column({ name: 'uptime_ms', type: 'bigint', transformer: bigintAsNumber }) uptimeMs!: number;
}
