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

  constructor(readonly name: string, private readonly options: UpstreamOptions) {
    this.http = new OutboundHttp(name, options);
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<UpstreamAnswer> {
    let response: Response;
    try {
      response = await this.http.fetch(url, { headers: { accept: 'application/json', ...headers } });
    } catch (error) {
      throw new UpstreamError(this.reason(error));
    }
    const text = await response.text().catch(() => {
      throw new UpstreamError(`${this.name} broke off its answer`);
    });
    if (Buffer.byteLength(text) > ANSWER_LIMIT_BYTES) throw new UpstreamError(`${this.name} answered more than ${ANSWER_LIMIT_BYTES} bytes`);
    return { status: response.status, headers: response.headers, text };
  }

  shutdown(): void {
    this.http.shutdown();
  }

  private reason(error: unknown): string {
    if (error instanceof OutboundUnavailableError || error instanceof BreakerOpenError) return error.message;
    if (error instanceof DOMException && error.name === 'TimeoutError') return `${this.name} did not answer within ${this.options.timeoutMs} ms`;
    return `${this.name} could not be reached`;
  }
}
