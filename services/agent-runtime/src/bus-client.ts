import { setTimeout as sleep } from 'node:timers/promises';
import { BUS_MESSAGES, ROUTES, SUBJECTS, type SendAsAgentDto } from '@platform/contracts';
import type { RuntimeEnv } from './runtime.env.js';

/** What the runtime asks the bus to send as its agent: the bus adds `from`, the timestamp and the wallet's signature. */
export type OutgoingBusMessage = SendAsAgentDto & { messageId: string };

/** One try: the bus's status and `error`, or no status when no answer came (`error` says why). */
export interface BusAnswer {
  status?: number;
  error?: string;
}

export interface SendOutcome {
  sent: boolean;
  attempts: number;
  /** The last answer's status and error, or the reason no answer came. */
  last: string;
}

const SEND_AS_AGENT_PATH = ROUTES.find((route) => route.subject === SUBJECTS.bus.sendAsAgent)!.path;

const describe = (answer: BusAnswer) => [answer.status, answer.error].filter((part) => part !== undefined).join(' ');

/**
 * Sends as the agent through the backend (the wallet service signs: no key is ever in the runtime).
 * `send` tries a 5xx or no answer again with doubling waits, a bounded number of times; a 4xx is the
 * bus refusing the message and is final. The messageId stays the same across tries, so a try that
 * landed unseen makes the next one a refused reuse, never a second message: that refusal means sent.
 */
export class BusClient {
  private readonly closing = new AbortController();

  constructor(private readonly env: RuntimeEnv) {}

  async send(message: OutgoingBusMessage): Promise<SendOutcome> {
    let last = '';
    for (let attempt = 1; attempt <= this.env.BUS_SEND_ATTEMPTS; attempt += 1) {
      if (attempt > 1 && !(await this.wait(this.env.BUS_SEND_BACKOFF_MS * 2 ** (attempt - 2)))) return { sent: false, attempts: attempt - 1, last };
      const answer = await this.post(message);
      last = describe(answer);
      if (answer.status !== undefined && answer.status < 500) {
        const replayed = answer.status === 401 && answer.error === BUS_MESSAGES.replayedMessage;
        return { sent: answer.status < 300 || replayed, attempts: attempt, last };
      }
    }
    return { sent: false, attempts: this.env.BUS_SEND_ATTEMPTS, last };
  }

  /** One try, its answer as is. */
  async post(message: OutgoingBusMessage): Promise<BusAnswer> {
    if (!this.env.BACKEND_URL) return { error: 'no BACKEND_URL' };
    try {
      const response = await fetch(`${this.env.BACKEND_URL}${SEND_AS_AGENT_PATH.replace(':agentId', this.env.AGENT_ID)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.env.INTERNAL_API_KEY}` },
        body: JSON.stringify(message),
        signal: AbortSignal.any([AbortSignal.timeout(this.env.BUS_SEND_TIMEOUT_MS), this.closing.signal]),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: unknown };
      return { status: response.status, ...(body.error === undefined ? {} : { error: String(body.error) }) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : 'no answer' };
    }
  }

  /** Ends waits between tries: a runtime shutting down gives its pending sends up (they stay owed for its next start). */
  close(): void {
    this.closing.abort();
  }

  get closed(): boolean {
    return this.closing.signal.aborted;
  }

  private async wait(ms: number): Promise<boolean> {
    return sleep(ms, true, { signal: this.closing.signal }).catch(() => false);
  }
}
