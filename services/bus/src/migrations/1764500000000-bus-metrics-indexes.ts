import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The metrics summary counts a user's bookings and fans by agent (docs/metrics.md): these keep it off whole-table scans. */
export class BusMetricsIndexes1764500000000 implements MigrationInterface {
  name = 'BusMetricsIndexes1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX negotiations_requester ON bus.negotiations (requester_agent_id)');
    await db.query('CREATE INDEX negotiations_provider ON bus.negotiations (provider_agent_id)');
    await db.query('CREATE INDEX messages_to_agent ON bus.messages (to_agent_id, accepted_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX bus.messages_to_agent, bus.negotiations_provider, bus.negotiations_requester');
  }
}
