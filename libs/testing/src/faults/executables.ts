import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Where packages put server binaries that may not be on a non-root user's PATH. */
const SYSTEM_DIRS = ['/usr/sbin', '/usr/local/sbin', '/usr/local/bin', '/usr/bin'];
const POSTGRES_VERSIONS = '/usr/lib/postgresql';

/** The path of an installed program, searched on PATH and in the system directories. */
export function executable(name: string): string {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...SYSTEM_DIRS];
  const found = dirs.map((dir) => path.join(dir, name)).find((file) => existsSync(file));
  if (!found) throw new Error(`${name} is not installed (looked on PATH and in ${SYSTEM_DIRS.join(', ')})`);
  return found;
}

/** A PostgreSQL server program of the newest installed version (Debian keeps them out of PATH). */
export function postgresProgram(name: 'initdb' | 'postgres'): string {
  const versions = existsSync(POSTGRES_VERSIONS)
    ? readdirSync(POSTGRES_VERSIONS).filter((version) => existsSync(path.join(POSTGRES_VERSIONS, version, 'bin', name)))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(POSTGRES_VERSIONS, newest, 'bin', name) : executable(name);
}
