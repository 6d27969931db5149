import type { EntityManager } from 'typeorm';

/**
 * Transaction-scoped advisory locks. MESSAGE: the transaction accepting a message holds it, so a
 * delivery job picked up before that transaction commits waits for it instead of finding no row.
 * ORDER: one recipient's copies of one booking, so a copy is held back or released by exactly one
 * transaction at a time.
 */
const MESSAGE = 1;
const ORDER = 2;

export async function lockMessage(manager: EntityManager, messageId: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MESSAGE, messageId]);
}

export async function lockOrder(manager: EntityManager, recipientAgentId: string, orderKey: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ORDER, `${recipientAgentId}/${orderKey}`]);
}
