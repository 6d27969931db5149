import { execFile, execFileSync } from 'node:child_process';
import { chown, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresProgram } from './executables.js';
import { startChildServer, type OwnedServer } from './owned-server.js';

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function initdb(data: string, user: { uid: number; gid: number } | undefined): Promise<void> {
  await promisify(execFile)(postgresProgram('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'], user ?? {})
    .catch((error: Error & { stderr?: string }) => {
      throw new Error(`initdb failed: ${error.stderr || error.message}`);
    });
}

async function selectOne(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A PostgreSQL cluster of its own in a temp dir. fsync is off: a test kills the server, never the
 * machine, so what the server wrote survives in the page cache. synchronous_commit stays on: off,
 * a commit answers before its WAL is written at all, and a kill loses the last ones.
 */
export function startOwnedPostgres(): Promise<OwnedServer> {
  return startChildServer('postgres', async (port, dir) => {
    const user = serverUser();
    if (user) await chown(dir, user.uid, user.gid);
    const data = path.join(dir, 'data');
    await initdb(data, user);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    return {
      url,
      user,
      command: postgresProgram('postgres'),
      args: [
        '-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
        '-c', 'fsync=off', '-c', 'full_page_writes=off',
      ],
      // A killed postmaster leaves its lock file; its pid may belong to another process by now.
      beforeStart: () => rm(path.join(data, 'postmaster.pid'), { force: true }),
      // Accepting TCP is not enough: during crash recovery it refuses sessions.
      ready: () => selectOne(url),
    };
  });
}
