import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The runtime's own package version, read from its package.json (one level up from src and dist
 * alike): what it reports is what was built, not what it was told, so verification can trust it.
 */
export const RUNTIME_VERSION: string = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }).version;
