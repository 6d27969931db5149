import pg from 'pg';
import { databaseUrlNamed } from './database-url.js';

/** Creates the database named in the URL when it is missing (a fresh machine, a new test file). */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const client = new pg.Client({ connectionString: databaseUrlNamed(url, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`).catch((error: { code?: string }) => {
      if (error.code !== '42P04') throw error; // created by a replica meanwhile
    });
  } finally {
    await client.end();
  }
}
