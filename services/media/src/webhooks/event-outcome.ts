import type { StreamEventOutcome } from './webhook-event.entity.js';

/** What acting on an event came to, and whose it was (the stream's wallet), for its stored row. */
export interface EventOutcome {
  outcome: StreamEventOutcome;
  wallet: string | null;
}
