import { FEEDS_MESSAGES as M } from '@platform/contracts';
import { BreakerOpenError, OutboundHttp, OutboundUnavailableError, type BreakerMetrics } from '@platform/http';

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

  constructor(private readonly party: UpstreamParty, private readonly options: UpstreamOptions, breakers: BreakerMetrics) {
    this.http = new OutboundHttp(party.name, options);
    breakers.watch(this.http);
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
    return { status: response.status, headers: response.headers, text: await this.read(response) };
  }

  shutdown(): void {
    this.http.shutdown();
  }

  /**
   * The body as text, given up as soon as it is known to pass ANSWER_LIMIT_BYTES: a declared length
   * before a byte is read, an undeclared one as it arrives, so an oversized answer is never held whole.
   */
  private async read(response: Response): Promise<string> {
    if (Number(response.headers.get('content-length')) > ANSWER_LIMIT_BYTES) {
      await response.body?.cancel();
      throw new UpstreamError(M.tooLarge);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body ?? []) {
        size += chunk.byteLength;
        // Leaving the loop cancels the body, which closes the connection.
        if (size > ANSWER_LIMIT_BYTES) throw new UpstreamError(M.tooLarge);
        chunks.push(chunk);
      }
    } catch (error) {
      throw error instanceof UpstreamError ? error : new UpstreamError(`${this.party.name} broke off its answer`);
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
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
