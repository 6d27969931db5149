// Runs every service's committed migrations against DATABASE_URL (creating the database if needed).
// Needs the built dist/ folders (npm run build).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDatabase, migrateSchema } from '@platform/database';

const ROOT = path.resolve(import.meta.dirname, '..');
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/platform';

await ensureDatabase(url);
for (const service of readdirSync(path.join(ROOT, 'services')).sort()) {
  const file = path.join(ROOT, 'services', service, 'dist', 'database.js');
  if (!existsSync(file)) continue;
  const module = await import(pathToFileURL(file).href);
  for (const database of Object.values(module).filter((value) => value && typeof value === 'object' && 'schema' in value)) {
    const applied = await migrateSchema(url, database);
    console.log(`migrate: ${database.schema}: ${applied.length ? applied.join(', ') : 'up to date'}`);
  }
}
