import { readdirSync, existsSync } from 'node:fs';
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
