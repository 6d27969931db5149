import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

export interface ListenTries {
  host: string;
  port: number;
  attempts: number;
  backoffMs: number;
}

/**
 * Listens on the agent's port, trying again while another socket holds it (EADDRINUSE): the
 * platform picked the port free, and one held for a moment (a process ending, a client socket on it)
 * frees up. Any other error, or a port still held after the last try, fails the boot.
 */
export async function listenRetrying(app: FastifyInstance, { host, port, attempts, backoffMs }: ListenTries): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await app.listen({ host, port });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= attempts) throw error;
      const waitMs = backoffMs * 2 ** (attempt - 1);
      app.log.warn({ attempt, waitMs }, `Port ${port} is taken, trying again: ${(error as Error).message}`);
      await sleep(waitMs);
    }
  }
}
