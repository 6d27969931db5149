import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AgentsWorkspaceBytes1764700000000 implements MigrationInterface {
  name = 'AgentsWorkspaceBytes1764700000000';

  async up(db: QueryRunner): Promise<void> {
    // The agent's workspace on disk as last measured by the worker (WorkspaceSizes), summed by the metrics' storage figure.
    await db.query('ALTER TABLE agents.agents ADD COLUMN workspace_bytes bigint NOT NULL DEFAULT 0');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE agents.agents DROP COLUMN workspace_bytes');
  }
}
