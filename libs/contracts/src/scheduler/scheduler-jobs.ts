import { IsUUID } from 'class-validator';

/** One tick of a task's cron (queue `scheduler.run`); the tick itself is in the job's id. */
export class ScheduledTaskRunJob {
  @IsUUID() taskId!: string;
}
