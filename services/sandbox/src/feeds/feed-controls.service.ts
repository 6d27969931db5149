import { Injectable } from '@nestjs/common';

/** How the feed upstream misbehaves, set by PUT /feeds/controls. */
export interface FeedControl {
  /** Every feed path answers this status (an error body) instead of its data. */
  status?: number;
  /** Every feed path holds its answer until the client hangs up. */
  hang?: boolean;
  /** Paid paths answer without asking for payment. */
  free?: boolean;
  /** Every feed path answers 200 with more than the platform relays, its length declared or streamed without one. */
  oversized?: OversizedAnswer;
}

export const OVERSIZED_ANSWERS = ['declared', 'streamed'] as const;
export type OversizedAnswer = (typeof OVERSIZED_ANSWERS)[number];

export interface FeedCall {
  path: string;
  /** The call carried a payment (PAYMENT-SIGNATURE). */
  paying: boolean;
  at: string;
}

/** The call log keeps the latest calls only: `npm start` runs the sandbox for days. */
const CALL_LOG_LIMIT = 10_000;

@Injectable()
export class FeedControls {
  control: FeedControl = {};
  private readonly calls: FeedCall[] = [];

  record(path: string, paying: boolean): void {
    this.calls.push({ path, paying, at: new Date().toISOString() });
    if (this.calls.length > CALL_LOG_LIMIT) this.calls.shift();
  }

  list(): FeedCall[] {
    return [...this.calls];
  }

  reset(): void {
    this.control = {};
    this.calls.length = 0;
  }
}
