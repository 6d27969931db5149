import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The last beat of each agent's heartbeat: when it ran, how it ended and why. Kept apart from
 * last_heartbeat, which a save also sets (platform-core 4.11: "lastHeartbeat (time saved)").
 */
export class AgentsHeartbeatBeats1764400000000 implements MigrationInterface {
  name = 'AgentsHeartbeatBeats1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE agents.heartbeat_settings
        ADD COLUMN last_beat_at timestamptz,
        ADD COLUMN last_beat_outcome text CHECK (last_beat_outcome IN ('ok', 'failed', 'skipped-not-running')),
        ADD COLUMN last_beat_detail text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE agents.heartbeat_settings DROP COLUMN last_beat_at, DROP COLUMN last_beat_outcome, DROP COLUMN last_beat_detail`);
  }
}
