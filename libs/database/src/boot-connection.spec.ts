import { setTimeout as sleep } from 'node:timers/promises';
import { startOwnedPostgres, type OwnedServer } from '@platform/testing';
import { connectAtBoot } from './boot-connection.js';
import { createDataSource } from './data-source.factory.js';

const database = { schema: 'public', entities: [], migrations: [] };
const QUICK = { deadlineMs: 30_000, firstPauseMs: 50, maxPauseMs: 200 };

/** Against a PostgreSQL of the test's own, which it stops and starts as a machine booting would find it. */
describe('connectAtBoot', () => {
  let postgres: OwnedServer;
  let attempts: number;
  const sourceAt = (url: string) => () => {
    attempts += 1;
    return createDataSource(url, database, false, 1);
  };

  beforeAll(async () => {
    postgres = await startOwnedPostgres();
  }, 60_000);

  beforeEach(() => {
    attempts = 0;
  });

  afterAll(async () => {
    await postgres?.close();
  });

  it('fails at once on what waiting cannot mend: a database that does not exist', async () => {
    await expect(connectAtBoot(sourceAt(postgres.url.replace(/\/postgres$/, '/no_such_database')), QUICK)).rejects.toMatchObject({ code: '3D000' });
    expect(attempts).toBe(1);
  });

  it('waits for a PostgreSQL that is not there yet, then connects', async () => {
    await postgres.kill();
    const starting = sleep(400).then(() => postgres.start());

    const source = await connectAtBoot(sourceAt(postgres.url), QUICK);
    await starting;
    try {
      expect(await source.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(attempts).toBeGreaterThan(1);
    } finally {
      await source.destroy();
    }
  });

  it('gives up with the last refusal once the wait is over', async () => {
    await postgres.kill();
    const started = Date.now();

    await expect(connectAtBoot(sourceAt(postgres.url), { ...QUICK, deadlineMs: 300 })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(attempts).toBeGreaterThan(1);
  });
});
