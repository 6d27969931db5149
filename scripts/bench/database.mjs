// The benchmark databases start empty on every run: migrations are tracked by name, so a database
// migrated before a migration was edited in place would otherwise keep the old schema, and rows of
// earlier runs would make runs less comparable. Each scenario names its own bench database; a URL
// given by hand (BENCH_DATABASE_URL and the like) that points at another database is never dropped.
import pg from 'pg';

export const BENCH_DATABASE = 'platform_bench';

/** DATABASE_URL (else the services' default) with its database replaced by `name`. */
export function benchDatabaseUrl(name = BENCH_DATABASE) {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/platform');
  url.pathname = `/${name}`;
  return url.toString();
}

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
