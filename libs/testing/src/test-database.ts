import pg from 'pg';
import { databaseUrlNamed, ensureDatabase, migrateSchema } from '@platform/database';
import { INFRA } from './infra-urls.js';
import { allServiceDatabases } from './service-databases.js';
import { templateName, testDatabaseName } from '../test-database-names.mjs';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function adminQuery<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrlNamed(serverUrl, 'postgres') });
  await client.connect().catch((error: Error) => {
    throw new Error(`PostgreSQL is not reachable at ${serverUrl} (${error.message}); run scripts/infra`);
  });
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Migrates every schema once into a template named after the migrations' fingerprint, under an
 * advisory lock so parallel test files build it once; later runs reuse it while nothing changed.
 * Templates of earlier migration sets are dropped by `npm test` before it starts, and only when
 * nothing is connected: another checkout's run on the same server may still be cloning from one.
 */
async function ensureTemplate(serverUrl: string): Promise<string> {
  const template = templateName();
  await adminQuery(serverUrl, async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [template]);
      if (rowCount) return;
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(template)}`);
      const url = databaseUrlNamed(serverUrl, template);
      await ensureDatabase(url);
      for (const database of await allServiceDatabases()) await migrateSchema(url, database);
      await client.query(`ALTER DATABASE ${pg.escapeIdentifier(template)} WITH is_template true`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return template;
}

/**
 * A database of its own for one test file, cloned from the migrated template of `serverUrl`'s
 * server (the machine's unless a fault test brings its own), which is built there the first time.
 */
export async function createTestDatabase(serverUrl = INFRA.databaseUrl): Promise<TestDatabase> {
  const template = await ensureTemplate(serverUrl);
  const name = testDatabaseName();
  await adminQuery(serverUrl, (client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`));
  return {
    url: databaseUrlNamed(serverUrl, name),
    drop: () => adminQuery(serverUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    }),
  };
}
