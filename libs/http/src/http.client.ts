import CircuitBreaker from 'opossum';
import { keepAlivePools, postForStream, postJson, type JsonPost, type StreamAnswer, type TextAnswer } from './json-post.js';
import { postWithTrace, tracedCall, withTraceHeaders } from './outbound-span.js';

export interface OutboundOptions {
  /** Per attempt; the spec's timeouts (deployment 15 s, health probe 5 s, model 30 s) go here. */
  timeoutMs: number;
  /** Open the breaker when this share of recent calls failed (percent). */
  errorThresholdPercentage?: number;
  /** How long an open breaker rejects before it lets one call through to test the party. */
  resetTimeoutMs?: number;
  /** Calls in the rolling window before the breaker may open at all. */
  volumeThreshold?: number;
}

/** The party answered a 5xx, which counts against its breaker; `status` is that answer's, for a caller that words it. */
export class OutboundUnavailableError extends Error {
  constructor(party: string, readonly status: number) {
    super(`${party} answered ${status}`);
  }
}

/**
 * What the per-call timeout bounds: the whole call, or only the wait for the response to start,
 * for a streamed body that may rightly take longer (its reader bounds the gaps between pieces).
 */
export type TimeoutScope = 'whole' | 'headers';

/** The breaker refused without calling: open, or half-open with its one test call still running. */
export class BreakerOpenError extends Error {}

/** closed: calls go through; open: refused without trying; half-open: one test call decides. */
export type BreakerState = 'closed' | 'half-open' | 'open';

/**
 * The caller gave the call up (its signal aborted for another reason than a timeout: a client that
 * hung up): says nothing about the party, so the breaker does not count it.
 */
export class CallerAbortedError extends Error {}

const isTimeout = (reason: unknown) => reason instanceof DOMException && reason.name === 'TimeoutError';

/**
 * Outbound HTTP to one third party: every call has a timeout, and an opossum breaker stops
 * calling a party that keeps failing. One instance per party, so one party's outage opens only
 * its own breaker. Each call is a client span of the caller's trace (outbound-span.ts).
 */
export class OutboundHttp {
  private readonly breaker: CircuitBreaker<[() => Promise<unknown>], unknown>;
  private readonly pools = keepAlivePools();

  constructor(readonly name: string, private readonly options: OutboundOptions) {
    this.breaker = new CircuitBreaker(
      (attempt: () => Promise<unknown>) => attempt(),
      {
        timeout: false,
        errorThresholdPercentage: options.errorThresholdPercentage ?? 50,
        resetTimeout: options.resetTimeoutMs ?? 30_000,
        volumeThreshold: options.volumeThreshold ?? 5,
        errorFilter: (error: unknown) => error instanceof CallerAbortedError,
      },
    );
  }

  /** `init.signal` (a caller's overall deadline) can end a call before its own timeout. */
  async fetch(url: string, init: RequestInit = {}, scope: TimeoutScope = 'whole'): Promise<Response> {
    return this.guarded(() => this.timedFetch(url, init, scope));
  }

  /** A JSON POST whose answer is read whole (no streaming), over a keep-alive pool: the cheap way for a hot path. */
  async postJson(url: string, post: JsonPost): Promise<TextAnswer> {
    return this.guarded(() => this.timedPost(url, post));
  }

  /**
   * The same call, timeout and 5xx handling, neither refused nor counted by the breaker: for calls
   * whose failures say nothing about the party as the platform uses it (a user's own credentials).
   */
  async fetchOutsideBreaker(url: string, init: RequestInit = {}, scope: TimeoutScope = 'whole'): Promise<Response> {
    return this.timedFetch(url, init, scope);
  }

  /** postJson outside the breaker, as fetchOutsideBreaker is to fetch. */
  async postJsonOutsideBreaker(url: string, post: JsonPost): Promise<TextAnswer> {
    return this.timedPost(url, post);
  }

  /**
   * A JSON POST whose answer is read as it arrives (server-sent events), over the keep-alive pool:
   * the timeout bounds the wait for the answer to start, `post.signal` the whole call.
   */
  async postStream(url: string, post: JsonPost): Promise<StreamAnswer> {
    return this.guarded(() => this.timedStream(url, post));
  }

  /** postStream outside the breaker, as fetchOutsideBreaker is to fetch. */
  async postStreamOutsideBreaker(url: string, post: JsonPost): Promise<StreamAnswer> {
    return this.timedStream(url, post);
  }

  /** An open breaker rejects calls without trying; a caller can skip this party instead. */
  get isOpen(): boolean {
    return this.breaker.opened;
  }

  get state(): BreakerState {
    if (this.breaker.opened) return 'open';
    return this.breaker.halfOpen ? 'half-open' : 'closed';
  }

  /** Hears every opening: a state read now and then (a scrape) misses one that closed again in between. */
  onOpen(listener: () => void): void {
    this.breaker.on('open', listener);
  }

  shutdown(): void {
    this.breaker.shutdown();
    this.pools['http:'].destroy();
    this.pools['https:'].destroy();
  }

  private guarded<T>(attempt: () => Promise<T>): Promise<T> {
    return (this.breaker.fire(attempt) as Promise<T>).catch((error: unknown) => {
      throw (error as { code?: unknown }).code === 'EOPENBREAKER' ? new BreakerOpenError(`${this.name} breaker is open`) : error;
    });
  }

  private async timedPost(url: string, post: JsonPost): Promise<TextAnswer> {
    const answer = await tracedCall(this.name, 'POST', url, (trace) => postJson(url, postWithTrace(post, trace), this.pools, this.options.timeoutMs));
    if (answer.status >= 500) throw new OutboundUnavailableError(this.name, answer.status);
    return answer;
  }

  private async timedStream(url: string, post: JsonPost): Promise<StreamAnswer> {
    let answer: StreamAnswer;
    try {
      answer = await tracedCall(this.name, 'POST', url, (trace) => postForStream(url, postWithTrace(post, trace), this.pools, this.options.timeoutMs));
    } catch (error) {
      throw this.callerAborted(post.signal) ?? error;
    }
    if (answer.status >= 500) {
      answer.body.destroy();
      throw new OutboundUnavailableError(this.name, answer.status);
    }
    return answer;
  }

  /** A call its caller gave up for another reason than a timeout: not the party's failure. */
  private callerAborted(signal: AbortSignal | null | undefined): CallerAbortedError | undefined {
    return signal?.aborted && !isTimeout(signal.reason) ? new CallerAbortedError(`${this.name}: the caller gave the call up`) : undefined;
  }

  private async timedFetch(url: string, init: RequestInit, scope: TimeoutScope): Promise<Response> {
    const timeout = scope === 'whole' ? { signal: AbortSignal.timeout(this.options.timeoutMs), clear: () => undefined } : this.untilHeaders();
    let response: Response;
    try {
      const signal = init.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;
      response = await tracedCall(this.name, init.method ?? 'GET', url, (trace) => fetch(url, { ...init, headers: withTraceHeaders(init.headers, trace), signal }));
    } catch (error) {
      throw this.callerAborted(init.signal) ?? error;
    } finally {
      timeout.clear();
    }
    if (response.status >= 500) {
      // An unread body keeps its socket out of the pool; during an outage they would pile up.
      await response.body?.cancel();
      throw new OutboundUnavailableError(this.name, response.status);
    }
    return response;
  }

  /** A timeout the caller clears once the response has started. */
  private untilHeaders(): { signal: AbortSignal; clear: () => void } {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${this.options.timeoutMs} ms`, 'TimeoutError')), this.options.timeoutMs);
    return { signal: controller.signal, clear: () => clearTimeout(timer) };
  }
}
