// The benchmark database starts empty on every run: migrations are tracked by name, so a database
// migrated before a migration was edited in place would otherwise keep the old schema, and rows of
// earlier runs would make runs less comparable. Only the default name is ever dropped.
import pg from 'pg';

export const BENCH_DATABASE = 'platform_bench';

/** Drops the database of url when it is `benchName`; returns whether it did. migrate.mjs creates it again. */
export async function dropBenchDatabase(url, benchName = BENCH_DATABASE) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (name !== benchName) return false;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    return true;
  } finally {
    await client.end();
  }
}
