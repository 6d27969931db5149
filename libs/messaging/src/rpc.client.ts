import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { createInbox, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { context, SpanKind, trace, type Context, type Span } from '@opentelemetry/api';
import type { Envelope, Reply, Subject } from '@platform/contracts';
import { ServiceMetrics } from '@platform/ops';
import { ATTR_MESSAGING_DESTINATION_NAME, ATTR_MESSAGING_SYSTEM, carrierOf, endFailed, startHopSpan } from '@platform/tracing';
import { inProcessHandlers, wireCopy, type InProcessHandler, type ReplyPacket } from './in-process-handlers.js';
import { inProcessStreams } from './in-process-streams.js';
import { MESSAGING_OPTIONS, NATS_CONNECTION, type MessagingOptions } from './messaging.tokens.js';
import { NatsLink } from './nats-link.js';
import { NatsMetrics, type RequestOutcome } from './nats.metrics.js';
import { requestHeaders } from './nats-trace.js';
import { isErrorReply, PayloadTooLargeError, RemoteError, ServiceUnavailableError } from './rpc-errors.js';
import { isNoResponders, isProgress, PROGRESS_INTERVAL_MS } from './rpc-progress.js';

/** Three progress reports missed in a row: the replica holding the request is gone. */
export const DEFAULT_SILENCE_MS = 3 * PROGRESS_INTERVAL_MS;

/** How often pending calls are checked for their deadline and silence: one timer for all of them. */
const SWEEP_MS = 100;

interface PendingCall {
  subject: string;
  settle: (error: Error | null, response?: unknown) => void;
  timeoutMs: number;
  deadline: number;
  /** When the handler was last heard from (the request being sent counts); never, for one answered in this process. */
  heardAt: number;
  /** performance.now() at the send, for the subject's latency. */
  startedAt: number;
  span: Span | undefined;
}

export interface CallOptions {
  /**
   * False: no `send` span of the call's own, for a caller whose own span brackets the call and says
   * what it would (the gateway's route span around its one request); the caller's span is carried.
   */
  ownSpan?: boolean;
  /** The span the call belongs to, for a caller that keeps none active (the gateway: request-spans.ts); else the active one. */
  parent?: Span;
}

/** One options object for every call's span: nothing is built per call while tracing is off. */
const CLIENT_SPAN = { kind: SpanKind.CLIENT };

/**
 * Request/reply over NATS in the NestJS packet format, on one inbox subscription per connection.
 * Every call ends in one of three ways, each as soon as it is known: the answer; an error the
 * service sent; or ServiceUnavailableError, at once while NATS is down or nobody listens, within
 * `silenceMs` when the replica holding it stops reporting progress, at the timeout otherwise.
 * Deadlines are checked by one sweep for all calls rather than timers per call: the gateway's hot path.
 * Each call's time and outcome goes to the process's metrics, per subject, and its span (when
 * tracing is on) to the trace, whose context rides in the request's headers (nats-trace.ts).
 * A subject whose service this process hosts and answers here (in-process-handlers.ts) is called
 * directly, with the same copy of the data, timeout, metrics and span, and no NATS hop.
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger('Rpc');
  private readonly inbox = `${createInbox()}.`;
  private readonly calls = new Map<string, PendingCall>();
  private readonly silenceMs: number;
  private readonly sweeper: NodeJS.Timeout;
  private readonly metrics: NatsMetrics;
  private sequence = 0;
  private inboxFailed = false;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly link: NatsLink,
    // Outside a service's root (a test's own messaging context) nobody serves the registry: a throwaway one.
    @Optional() metrics: ServiceMetrics = new ServiceMetrics(),
  ) {
    this.metrics = metrics.of(NatsMetrics);
    this.silenceMs = options.silenceMs ?? DEFAULT_SILENCE_MS;
    nats.subscribe(`${this.inbox}*`, { callback: (error, message) => (error ? this.inboxError(error) : this.receive(message)) });
    link.onLost(() => this.failAll('the NATS connection dropped'));
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  send<Body = unknown>(subject: Subject, envelope: Envelope, timeoutMs?: number, options?: CallOptions): Promise<Reply<Body>> {
    return this.call(subject, envelope, timeoutMs, options) as Promise<Reply<Body>>;
  }

  /** For service-to-service queries whose answer is data, not an HTTP reply. */
  async request<T>(subject: Subject, data: unknown, timeoutMs?: number, options?: CallOptions): Promise<T> {
    const response = await this.call(subject, data, timeoutMs, options);
    if (isErrorReply(response)) throw new RemoteError(subject, response);
    return response as T;
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
    this.failAll('the service is shutting down');
  }

  private call(subject: Subject, data: unknown, timeoutMs = this.options.requestTimeoutMs, options: CallOptions = {}): Promise<unknown> {
    const startedAt = performance.now();
    const here = inProcessHandlers.of(`${this.options.prefix}${subject}`);
    if (here) return this.callHere(here, subject, data, timeoutMs, options, startedAt);
    if (!this.link.connected) {
      this.metrics.requested(subject, 'disconnected', startedAt);
      return Promise.reject(new ServiceUnavailableError(subject, 'disconnected', 'NATS is not connected'));
    }
    const token = (this.sequence++).toString(36);
    const payload = JSON.stringify({ pattern: subject, data, id: token });
    const tooLarge = this.oversized(subject, payload);
    if (tooLarge) {
      this.metrics.requested(subject, 'too-large', startedAt);
      return Promise.reject(tooLarge);
    }
    const { parent, span } = this.spanOf(subject, options);
    const streamInbox = streamInboxIn(data);
    if (streamInbox) inProcessStreams.overNats(streamInbox);
    return this.pending(token, subject, timeoutMs, startedAt, span, true, () => {
      try {
        const headers = requestHeaders(carrierOf(span ?? trace.getSpan(parent)));
        this.nats.publish(`${this.options.prefix}${subject}`, payload, { reply: `${this.inbox}${token}`, headers });
      } catch (error) {
        this.finish(token, new ServiceUnavailableError(subject, 'disconnected', String(error)));
      }
    });
  }

  private callHere(here: InProcessHandler, subject: string, data: unknown, timeoutMs: number, options: CallOptions, startedAt: number): Promise<unknown> {
    const token = (this.sequence++).toString(36);
    const { parent, span } = this.spanOf(subject, options);
    // A stream asked of a handler in this process is handed over in it too (in-process-streams.ts).
    const streamInbox = streamInboxIn(data);
    if (streamInbox) inProcessStreams.expect(streamInbox);
    return this.pending(token, subject, timeoutMs, startedAt, span, false, () => {
      here(wireCopy(data), span ? trace.setSpan(parent, span) : parent).then(
        (packet) => this.answered(token, subject, packet),
        (error: unknown) => this.finish(token, error instanceof Error ? error : new Error(String(error))),
      );
    });
  }

  private spanOf(subject: string, options: CallOptions): { parent: Context; span: Span | undefined } {
    const parent = options.parent ? trace.setSpan(context.active(), options.parent) : context.active();
    const span = options.ownSpan === false ? undefined : startHopSpan(`send ${subject}`, CLIENT_SPAN, parent);
    if (span?.isRecording()) span.setAttributes({ [ATTR_MESSAGING_SYSTEM]: 'nats', [ATTR_MESSAGING_DESTINATION_NAME]: subject });
    return { parent, span };
  }

  /**
   * A call waiting for its answer once `send` has sent it, under the sweep's deadline check, and its
   * silence check when the handler reports progress (one in this process does not: it cannot vanish).
   */
  private pending(token: string, subject: string, timeoutMs: number, startedAt: number, span: Span | undefined, reportsProgress: boolean, send: () => void): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const now = Date.now();
      this.calls.set(token, {
        subject,
        settle: (error, response) => (error ? reject(error) : resolve(response)),
        timeoutMs,
        deadline: now + timeoutMs,
        heardAt: reportsProgress ? now : Number.POSITIVE_INFINITY,
        startedAt,
        span,
      });
      send();
    });
  }

  /** Counting bytes only when the characters alone could be too many: a UTF-8 character is at most 3 bytes here. */
  private oversized(subject: string, payload: string): PayloadTooLargeError | undefined {
    const limit = this.nats.info?.max_payload;
    if (!limit || payload.length * 3 <= limit) return undefined;
    const bytes = Buffer.byteLength(payload);
    return bytes > limit ? new PayloadTooLargeError(subject, bytes, limit) : undefined;
  }

  private receive(message: Msg): void {
    const token = message.subject.slice(this.inbox.length);
    const call = this.calls.get(token);
    if (!call) return;
    if (isNoResponders(message)) return this.finish(token, new ServiceUnavailableError(call.subject, 'no-responders', 'no service listens'));
    if (isProgress(message)) {
      call.heardAt = Date.now();
      return;
    }
    let packet: ReplyPacket;
    try {
      packet = message.json<ReplyPacket>();
    } catch {
      return this.finish(token, new RemoteError(call.subject, 'an unreadable reply'));
    }
    this.answered(token, call.subject, packet);
  }

  private answered(token: string, subject: string, packet: ReplyPacket): void {
    if (packet.err !== undefined && packet.err !== null) return this.finish(token, new RemoteError(subject, packet.err));
    this.finish(token, null, packet.response);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [token, call] of this.calls) {
      if (now >= call.deadline) {
        this.finish(token, new ServiceUnavailableError(call.subject, 'timeout', `no answer within ${call.timeoutMs} ms`));
      } else if (this.silenceMs < call.timeoutMs && now - call.heardAt >= this.silenceMs) {
        this.finish(token, new ServiceUnavailableError(call.subject, 'silent', `no progress for ${this.silenceMs} ms`));
      }
    }
  }

  private finish(token: string, error: Error | null, response?: unknown): void {
    const call = this.calls.get(token);
    if (!call) return;
    this.calls.delete(token);
    this.metrics.requested(call.subject, outcomeOf(error), call.startedAt);
    if (error && call.span) endFailed(call.span, error);
    else call.span?.end();
    call.settle(error, response);
  }

  private failAll(detail: string): void {
    for (const [token, call] of this.calls) this.finish(token, new ServiceUnavailableError(call.subject, 'disconnected', detail));
  }

  /** Every call would then fail as silent; the cause is worth one line. */
  private inboxError(error: Error): void {
    if (this.inboxFailed) return;
    this.inboxFailed = true;
    this.logger.error({ msg: 'Reply inbox subscription failed', cause: error.message });
  }
}

function outcomeOf(error: Error | null): RequestOutcome {
  if (!error) return 'ok';
  return error instanceof ServiceUnavailableError ? error.reason : 'error';
}

/** The inbox a streamed request names, if it asks for a stream. */
function streamInboxIn(data: unknown): string | undefined {
  return (data as Partial<Envelope> | undefined)?.streamInbox;
}
