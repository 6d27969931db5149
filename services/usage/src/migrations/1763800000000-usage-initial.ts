import { ownerOnlyPolicy } from '@platform/database';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UsageInitial1763800000000 implements MigrationInterface {
  name = 'UsageInitial1763800000000';

  async up(db: QueryRunner): Promise<void> {
    // The spec's columns first (platform-core section 2, Usage event), then ours.
    await db.query(`
      CREATE TABLE usage.usage_logs (
        id serial PRIMARY KEY,
        user_id varchar(255) NOT NULL,
        agent_id varchar(255) NOT NULL,
        model varchar(100) NOT NULL,
        input_tokens integer NOT NULL DEFAULT 0,
        output_tokens integer NOT NULL DEFAULT 0,
        cost_usd numeric(10,6) NOT NULL DEFAULT 0,
        endpoint varchar NOT NULL,
        event_id uuid NOT NULL UNIQUE,
        provider varchar NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    // What the dashboard and the usage queries read, so they stay fast however long usage_logs grows.
    // Kept by the worker in the transaction that writes the logs, counting only rows it inserted;
    // written and read by SQL only, so it has no entity.
    await db.query(`
      CREATE TABLE usage.usage_daily (
        user_id varchar(255) NOT NULL,
        day date NOT NULL,
        agent_id varchar(255) NOT NULL,
        model varchar(100) NOT NULL,
        provider varchar NOT NULL,
        input_tokens bigint NOT NULL DEFAULT 0,
        output_tokens bigint NOT NULL DEFAULT 0,
        cost_micros bigint NOT NULL DEFAULT 0,
        calls integer NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, day, agent_id, model, provider)
      )`);
    await db.query(`CREATE INDEX usage_daily_day ON usage.usage_daily (day)`);
    await db.query(`
      CREATE TABLE usage.tool_usage (
        id serial PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        user_id varchar(255) NOT NULL,
        agent_id varchar(255) NOT NULL,
        tool_name varchar(100) NOT NULL,
        success boolean NOT NULL,
        duration_ms integer NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX tool_usage_agent_created ON usage.tool_usage (agent_id, created_at)`);
    await db.query(`CREATE INDEX tool_usage_user_created ON usage.tool_usage (user_id, created_at)`);
    for (const statement of [
      ...ownerOnlyPolicy('usage', 'usage_logs'),
      ...ownerOnlyPolicy('usage', 'usage_daily'),
      ...ownerOnlyPolicy('usage', 'tool_usage'),
    ]) {
      await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE usage.tool_usage, usage.usage_daily, usage.usage_logs`);
  }
}
