// The life of a scenario that boots its own platform from dist: a database dropped and migrated
// afresh, its own NATS subjects and Redis keys, the services as child processes; everything is
// stopped and removed at the end, on failure too (with what the services wrote).
import path from 'node:path';
import { ensureInfrastructure, ensureInstalled, ROOT } from '../lib.mjs';
import { waitUntil } from './http.mjs';
import { benchPlatformEnv } from './platform-env.mjs';
import { build, describeOutput, runToCompletion, startNode, stopAll } from './processes.mjs';

/**
 * `database`: the bench database's name (BENCH_DATABASE_URL overrides it); `prefix`: NATS subjects
 * `<prefix>.` and Redis keys `<prefix>:`; `ready`: `{ what, check }`, polled until the platform
 * answers. `work({ env, databaseUrl, services })` runs once it does; its result is returned.
 */
export async function withScenarioPlatform({ label, database, prefix, ports, internalKey, services, env: settings = {}, ready }, work) {
  ensureInstalled();
  if (!ensureInfrastructure()) throw new Error('PostgreSQL, Redis and NATS must be reachable: see the lines above.');
  await build(label);
  const { benchDatabaseUrl, dropBenchDatabase } = await import('./database.mjs');
  const { deleteEventStream, deleteRedisKeys } = await import('@platform/testing');
  const databaseUrl = process.env.BENCH_DATABASE_URL || benchDatabaseUrl(database);
  const env = benchPlatformEnv({
    ports, internalKey, DATABASE_URL: databaseUrl, NATS_PREFIX: `${prefix}.`, REDIS_PREFIX: `${prefix}:`, BOT_CHECK_SECRET: '', ...settings,
  });
  await dropBenchDatabase(databaseUrl, database);
  await deleteRedisKeys(env.REDIS_PREFIX);
  await deleteEventStream(env.NATS_PREFIX);
  await runToCompletion('migrate', process.execPath, [path.join(ROOT, 'scripts', 'migrate.mjs')], { cwd: ROOT, env, timeoutMs: 120_000 });
  const started = services.map((name) => startNode(name, path.join(ROOT, 'services', name, 'dist', 'main.js'), { cwd: ROOT, env }));
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    await waitUntil(ready.what, ready.check, started, 90_000);
    return await work({ env, databaseUrl, services: started });
  } catch (error) {
    for (const service of started) console.error(describeOutput(service));
    throw error;
  } finally {
    await stopAll();
    await deleteRedisKeys(env.REDIS_PREFIX);
    await deleteEventStream(env.NATS_PREFIX);
  }
}

/** Runs a scenario's main and exits with its outcome: the exit code main returns (0 when none), 1 when it throws. */
export function runScenario(label, main) {
  main().then((code) => process.exit(code ?? 0), (error) => {
    console.error(`${label}: ${error.message}`);
    process.exit(1);
  });
}
