import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Per user, UTC day, agent, model and provider: what the dashboard and the usage queries read,
 * so they stay fast however long usage_logs grows. Kept by the worker in the transaction that
 * writes the logs, counting only rows that transaction inserted.
 */
@Entity({ name: 'usage_daily' })
export class UsageDailyEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 255 }) userId!: string;
  @PrimaryColumn({ type: 'date' }) day!: string;
  @PrimaryColumn({ name: 'agent_id', type: 'varchar', length: 255 }) agentId!: string;
  @PrimaryColumn({ type: 'varchar', length: 100 }) model!: string;
  @PrimaryColumn({ type: 'varchar' }) provider!: string;
  @Column({ name: 'input_tokens', type: 'bigint' }) inputTokens!: string;
  @Column({ name: 'output_tokens', type: 'bigint' }) outputTokens!: string;
  @Column({ name: 'cost_micros', type: 'bigint' }) costMicros!: string;
  @Column({ type: 'integer' }) calls!: number;
}
