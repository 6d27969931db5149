import type { EntityManager } from 'typeorm';
import type { Db } from '@platform/database';

/**
 * Runs `work` holding a transaction-scoped advisory lock on one agent's runtime, so two replicas (or a
 * job and a boot) never start, replace or end it at the same time. `kind` keeps adapters' keys apart.
 */
export function withRuntimeLock<T>(db: Db, kind: string, agentId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return db.asSystem(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${kind}-runtime:${agentId}`]);
    return work(manager);
  });
}

/**
 * Holds `kind`'s lock on port choices for the rest of `manager`'s transaction: a runtime binds its
 * port only once booted (half a minute when 20 start at once on 2 cores), so until then the OS offers
 * that port again, and a choice is safe only until the record naming it (a row, a container's or a
 * service's labels) exists. Launches holding it choose in turn, on any replica.
 */
export async function lockPortChoices(manager: EntityManager, kind: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${kind}-runtime-ports`]);
}

/** Runs `work`, which chooses a port and makes the record that names it, holding `kind`'s lock on port choices. */
export function withPortChoice<T>(db: Db, kind: string, work: () => Promise<T>): Promise<T> {
  return db.asSystem(async (manager) => {
    await lockPortChoices(manager, kind);
    return work();
  });
}
