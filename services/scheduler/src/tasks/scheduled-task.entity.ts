import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A scheduled task (extended-services 2); `userId` is its owner, `timezone` the zone its cron is read in. */
@Entity({ name: 'scheduled_tasks' })
export class ScheduledTaskEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'agent_id', type: 'varchar' }) agentId!: string;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ name: 'cron_schedule', type: 'varchar' }) cronSchedule!: string;
  @Column({ type: 'varchar' }) timezone!: string;
  @Column({ type: 'text' }) prompt!: string;
  @Column({ type: 'boolean' }) enabled!: boolean;
  @Column({ name: 'last_run', type: 'timestamptz', nullable: true }) lastRun!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
