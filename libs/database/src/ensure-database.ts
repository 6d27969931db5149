import pg from 'pg';

/** Creates the database named in the URL when it is missing (a fresh machine, a new test file). */
export async function ensureDatabase(url: string, template?: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    const from = template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : '';
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${from}`).catch((error: { code?: string }) => {
      if (error.code !== '42P04') throw error; // created by a replica meanwhile
    });
  } finally {
    await client.end();
  }
}
