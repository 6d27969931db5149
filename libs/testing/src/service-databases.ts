import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ServiceDatabase } from '@platform/database';

const SERVICES_DIR = path.resolve(import.meta.dirname, '../../../services');

/** Every service that declares a schema in `src/database.ts`; the template database holds them all. */
export async function allServiceDatabases(): Promise<ServiceDatabase[]> {
  const found: ServiceDatabase[] = [];
  for (const service of readdirSync(SERVICES_DIR).sort()) {
    const file = path.join(SERVICES_DIR, service, 'src', 'database.ts');
    if (!existsSync(file)) continue;
    const module = (await import(file)) as Record<string, ServiceDatabase>;
    found.push(...Object.values(module).filter((value) => typeof value === 'object' && 'schema' in value));
  }
  return found;
}

/** Changes whenever any migration does, so a stale template is never reused. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const service of readdirSync(SERVICES_DIR).sort()) {
    const dir = path.join(SERVICES_DIR, service, 'src', 'migrations');
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}
