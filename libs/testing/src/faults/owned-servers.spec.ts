import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { waitUntil } from '../wait-for.js';
import { startOwnedInfra, type OwnedInfra } from './owned-infra.js';
import { isAlive } from './process-tree.js';
import { connectOutcome } from './tcp-probe.js';

async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// Each server is written to, killed and started again once, in beforeAll; the tests look at what was seen.
describe('owned servers', () => {
  let infra: OwnedInfra;

  beforeAll(async () => {
    infra = await startOwnedInfra();
  });

  afterAll(() => infra?.close());

  describe('PostgreSQL', () => {
    const seen: { backendAlive?: boolean; whileDead?: string; rows?: unknown[] } = {};

    beforeAll(async () => {
      const held = new pg.Client({ connectionString: infra.postgres.url });
      held.on('error', () => undefined); // the kill ends its connection
      await held.connect();
      const { rows: [backend] } = await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await held.query(`CREATE TABLE kept (id int); INSERT INTO kept VALUES (1)`);
      // Busy, not idle: an idle backend exits by itself when the postmaster dies, a busy one runs on.
      void held.query('SELECT count(*) FROM generate_series(1, 1e12)').catch(() => undefined);
      await waitUntil('the busy query running', () => withPostgres(infra.postgres.url, async (client) =>
        (await client.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active'`, [backend!.pid])).rowCount), (count) => count === 1);
      await infra.postgres.kill();
      seen.backendAlive = isAlive(backend!.pid);
      seen.whileDead = await connectOutcome(infra.postgres.port);
      await infra.postgres.start();
      seen.rows = await withPostgres(infra.postgres.url, async (client) => (await client.query('SELECT id FROM kept')).rows);
    });

    it('kills the backends along with the postmaster', () => {
      expect(seen.backendAlive).toBe(false);
    });

    it('refuses connections once killed', () => {
      expect(seen.whileDead).toBe('ECONNREFUSED');
    });

    it('keeps the rows written before the kill', () => {
      expect(seen.rows).toEqual([{ id: 1 }]);
    });
  });

  describe('Redis', () => {
    const seen: { whileDead?: string; value?: string | null } = {};

    beforeAll(async () => {
      const before = new Redis(infra.redis.url);
      await before.set('kept', 'yes');
      before.disconnect();
      await infra.redis.kill();
      seen.whileDead = await connectOutcome(infra.redis.port);
      await infra.redis.start();
      const after = new Redis(infra.redis.url);
      seen.value = await after.get('kept');
      after.disconnect();
    });

    it('refuses connections once killed', () => {
      expect(seen.whileDead).toBe('ECONNREFUSED');
    });

    it('keeps a key written before the kill', () => {
      expect(seen.value).toBe('yes');
    });
  });

  describe('NATS', () => {
    const seen: { whileDead?: string; message?: string } = {};

    beforeAll(async () => {
      const before = await connect({ servers: infra.nats.url });
      await (await jetstreamManager(before)).streams.add({ name: 'KEPT', subjects: ['kept.>'] });
      await jetstream(before).publish('kept.one', 'yes');
      await before.close();
      await infra.nats.kill();
      seen.whileDead = await connectOutcome(infra.nats.port);
      await infra.nats.start();
      const after = await connect({ servers: infra.nats.url });
      seen.message = (await (await jetstreamManager(after)).streams.getMessage('KEPT', { seq: 1 }))?.string();
      await after.close();
    });

    it('refuses connections once killed', () => {
      expect(seen.whileDead).toBe('ECONNREFUSED');
    });

    it('keeps a JetStream message published before the kill', () => {
      expect(seen.message).toBe('yes');
    });
  });
});
