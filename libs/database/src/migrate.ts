import pg from 'pg';
import { createDataSource } from './data-source.factory.js';
import { APP_ROLE, type ServiceDatabase } from './service-database.js';

/**
 * Runs a service's committed migrations under a Postgres advisory lock, so replicas that start
 * together do not race, then grants the app role what it needs on the schema.
 */
export async function migrateSchema(url: string, database: ServiceDatabase): Promise<string[]> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${database.schema}`]);
    await ensureAppRole(lock);
    await lock.query(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(database.schema)}`);
    const dataSource = createDataSource(url, database, false, 1);
    await dataSource.initialize();
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      await grantAppRole(lock, database.schema);
      return applied.map((migration) => migration.name);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${database.schema}`]).catch(() => undefined);
    await lock.end();
  }
}

async function ensureAppRole(client: pg.Client): Promise<void> {
  // Roles are cluster-wide: one lock for every database that creates it.
  await client.query(`SELECT pg_advisory_lock(hashtext('role:${APP_ROLE}'))`);
  try {
    await client.query(`
      DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
          CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS;
        END IF;
      END $$`);
  } finally {
    await client.query(`SELECT pg_advisory_unlock(hashtext('role:${APP_ROLE}'))`);
  }
}

async function grantAppRole(client: pg.Client, schema: string): Promise<void> {
  const name = pg.escapeIdentifier(schema);
  await client.query(`
    GRANT USAGE ON SCHEMA ${name} TO ${APP_ROLE};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${name} TO ${APP_ROLE};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${name} TO ${APP_ROLE};
    REVOKE ALL ON ${name}.migrations FROM ${APP_ROLE};`);
}
