import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SchedulerTasks1764400000000 implements MigrationInterface {
  name = 'SchedulerTasks1764400000000';

  async up(db: QueryRunner): Promise<void> {
    // A user's cron prompts to one of their agents (extended-services 2, Scheduled task).
    await db.query(`
      CREATE TABLE scheduler.scheduled_tasks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        agent_id varchar(64) NOT NULL,
        name varchar(255) NOT NULL,
        description text,
        cron_schedule varchar(120) NOT NULL,
        timezone varchar(64) NOT NULL DEFAULT 'UTC',
        prompt text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        last_run timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX scheduled_tasks_newest ON scheduler.scheduled_tasks (user_id, created_at DESC)');
    // One row per tick a scheduler took: the unique pair is what makes a redelivered tick's job do nothing.
    await db.query(`
      CREATE TABLE scheduler.task_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        task_id uuid NOT NULL REFERENCES scheduler.scheduled_tasks (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        scheduled_for timestamptz NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed', 'skipped')),
        started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        duration_ms integer,
        error text,
        UNIQUE (task_id, scheduled_for)
      )`);
    await db.query('CREATE INDEX task_runs_newest ON scheduler.task_runs (task_id, started_at DESC)');
    for (const table of ['scheduled_tasks', 'task_runs']) {
      for (const statement of ownerOnlyPolicy('scheduler', table)) await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE scheduler.task_runs, scheduler.scheduled_tasks');
  }
}
