import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectionClosed, type Connection } from './llm/llm-request.js';

/**
 * A hung answer's connection is cut after this long, and a held stream let go, so a forgotten
 * control cannot pin a socket forever.
 */
export const HANG_LIMIT_MS = 120_000;

/**
 * Answers that hang on purpose (a model, a feed, the soul service or a page that never answers):
 * each ends when its client hangs up, or after HANG_LIMIT_MS (the sandbox's close ends every
 * connection at once anyway).
 */
@Injectable()
export class HungConnections {
  async hold(connection: Connection): Promise<void> {
    const ended = await Promise.race([connectionClosed(connection), sleep(HANG_LIMIT_MS, 'limit' as const, { ref: false })]);
    if (ended === 'limit') connection.destroy();
  }
}
