import { BreakerOpenError, OutboundHttp, OutboundUnavailableError } from '@platform/http';

/** An upstream's answer, read whole. */
export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export interface UpstreamOptions {
  timeoutMs: number;
  errorThresholdPercentage: number;
  volumeThreshold: number;
  resetTimeoutMs: number;
}

/** Who the calls go to, as a failure's message names them. */
export interface UpstreamParty {
  /** The breaker's, and a failed call's: `feed provider could not be reached`. */
  name: string;
  /** Who a status is blamed on: `the provider answered 404` (docs/spec-decisions.md 176, 177). */
  answerer: string;
}

/** The statuses a caller reads; any other fails the call. */
export type UsableStatus = (status: number) => boolean;

/** What the platform relays of one answer: a NATS reply is at most 1 MB, and a feed is far smaller. */
const ANSWER_LIMIT_BYTES = 512 * 1024;

/** A failed call, its message safe to show a caller: no addresses, codes or stack. */
export class UpstreamError extends Error {}

/**
 * One third party the feeds service calls (the feed provider, the soul service): every call with
 * the timeout, behind the party's own opossum breaker (OutboundHttp), its answer read whole.
 */
export class UpstreamCall {
  private readonly http: OutboundHttp;

  constructor(private readonly party: UpstreamParty, private readonly options: UpstreamOptions) {
    this.http = new OutboundHttp(party.name, options);
  }

  /** The answer when `usable` reads its status; an UpstreamError otherwise. */
  async get(url: string, usable: UsableStatus, headers: Record<string, string> = {}): Promise<UpstreamAnswer> {
    let response: Response;
    try {
      response = await this.http.fetch(url, { headers: { accept: 'application/json', ...headers } });
    } catch (error) {
      throw new UpstreamError(this.reason(error));
    }
    if (!usable(response.status)) {
      await response.body?.cancel();
      throw new UpstreamError(this.answered(response.status));
    }
    const text = await response.text().catch(() => {
      throw new UpstreamError(`${this.party.name} broke off its answer`);
    });
    if (Buffer.byteLength(text) > ANSWER_LIMIT_BYTES) throw new UpstreamError(`${this.party.name} answered more than ${ANSWER_LIMIT_BYTES} bytes`);
    return { status: response.status, headers: response.headers, text };
  }

  shutdown(): void {
    this.http.shutdown();
  }

  /** One wording for a status the caller cannot use, whether OutboundHttp failed a 5xx or the caller refused a 404. */
  private answered(status: number): string {
    return `${this.party.answerer} answered ${status}`;
  }

  private reason(error: unknown): string {
    if (error instanceof OutboundUnavailableError) return this.answered(error.status);
    if (error instanceof BreakerOpenError) return error.message;
    if (error instanceof DOMException && error.name === 'TimeoutError') return `${this.party.name} did not answer within ${this.options.timeoutMs} ms`;
    return `${this.party.name} could not be reached`;
  }
}
