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
