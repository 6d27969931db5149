import { createServer, connect, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, INFRA, type TestDatabase } from '@platform/testing';
import { connectAtBoot } from './boot-connection.js';
import { createDataSource } from './data-source.factory.js';

const database = { schema: 'public', entities: [], migrations: [] };
const QUICK = { deadlineMs: 5000, firstPauseMs: 50, maxPauseMs: 200 };

/** A port nothing listens on yet, and a way to start forwarding it to the machine's PostgreSQL. */
async function lateProxy(): Promise<{ port: number; open: () => Promise<Server> }> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const target = new URL(INFRA.databaseUrl);
  const open = async () => {
    const proxy = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    return proxy;
  };
  return { port, open };
}

function urlOnPort(databaseUrl: string, port: number): string {
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.toString();
}

describe('connectAtBoot', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('waits for a PostgreSQL that is not there yet, then connects', async () => {
    const { port, open } = await lateProxy();
    let attempts = 0;
    const opening = new Promise<Server>((resolve) => setTimeout(() => resolve(open()), 400));

    const source = await connectAtBoot(() => {
      attempts += 1;
      return createDataSource(urlOnPort(db.url, port), database, false, 1);
    }, QUICK);
    const proxy = await opening;
    try {
      expect(await source.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(attempts).toBeGreaterThan(1);
    } finally {
      await source.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('gives up with the last refusal once the wait is over', async () => {
    const { port } = await lateProxy();
    const started = Date.now();

    await expect(connectAtBoot(() => createDataSource(urlOnPort(db.url, port), database, false, 1), { ...QUICK, deadlineMs: 300 })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails at once on what waiting cannot mend: a database that does not exist', async () => {
    const url = new URL(INFRA.databaseUrl);
    url.pathname = '/no_such_database_for_boot';
    let attempts = 0;

    await expect(connectAtBoot(() => {
      attempts += 1;
      return createDataSource(url.toString(), database, false, 1);
    }, QUICK)).rejects.toMatchObject({ code: '3D000' });
    expect(attempts).toBe(1);
  });
});
