import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { TaskRunStatus } from '@platform/contracts';

/** One tick of a task a scheduler took; `userId` is the task's owner. */
@Entity({ name: 'task_runs' })
export class TaskRunEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'task_id', type: 'uuid' }) taskId!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'scheduled_for', type: 'timestamptz' }) scheduledFor!: Date;
  @Column({ type: 'varchar' }) status!: TaskRunStatus;
  @Column({ name: 'started_at', type: 'timestamptz' }) startedAt!: Date;
  @Column({ name: 'duration_ms', type: 'integer', nullable: true }) durationMs!: number | null;
  @Column({ type: 'text', nullable: true }) error!: string | null;
}
