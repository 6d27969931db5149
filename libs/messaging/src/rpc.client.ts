import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createInbox, type Msg, type NatsConnection } from '@nats-io/transport-node';
import type { Envelope, Reply, Subject } from '@platform/contracts';
import { MESSAGING_OPTIONS, NATS_CONNECTION, type MessagingOptions } from './messaging.tokens.js';
import { NatsLink } from './nats-link.js';
import { isErrorReply, PayloadTooLargeError, RemoteError, ServiceUnavailableError } from './rpc-errors.js';
import { isNoResponders, isProgress, PROGRESS_INTERVAL_MS } from './rpc-progress.js';

/** Three progress reports missed in a row: the replica holding the request is gone. */
export const DEFAULT_SILENCE_MS = 3 * PROGRESS_INTERVAL_MS;

interface NestReplyPacket {
  response?: unknown;
  err?: unknown;
}

interface PendingCall {
  subject: string;
  settle: (error: Error | null, response?: unknown) => void;
  deadline: NodeJS.Timeout;
  silence?: NodeJS.Timeout;
}

/**
 * Request/reply over NATS in the NestJS packet format, on one inbox subscription per connection.
 * Every call ends in one of three ways, each as soon as it is known: the answer; an error the
 * service sent; or ServiceUnavailableError, at once while NATS is down or nobody listens, within
 * `silenceMs` when the replica holding it stops reporting progress, at the timeout otherwise.
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly inbox = `${createInbox()}.`;
  private readonly calls = new Map<string, PendingCall>();
  private readonly silenceMs: number;
  private sequence = 0;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly link: NatsLink,
  ) {
    this.silenceMs = options.silenceMs ?? DEFAULT_SILENCE_MS;
    nats.subscribe(`${this.inbox}*`, { callback: (error, message) => { if (!error) this.receive(message); } });
    link.onLost(() => this.failAll('disconnected', 'the NATS connection dropped'));
  }

  send<Body = unknown>(subject: Subject, envelope: Envelope, timeoutMs?: number): Promise<Reply<Body>> {
    return this.call(subject, envelope, timeoutMs) as Promise<Reply<Body>>;
  }

  /** For service-to-service queries whose answer is data, not an HTTP reply. */
  async request<T>(subject: Subject, data: unknown, timeoutMs?: number): Promise<T> {
    const response = await this.call(subject, data, timeoutMs);
    if (isErrorReply(response)) throw new RemoteError(subject, response);
    return response as T;
  }

  onApplicationShutdown(): void {
    this.failAll('disconnected', 'the service is shutting down');
  }

  private call(subject: Subject, data: unknown, timeoutMs = this.options.requestTimeoutMs): Promise<unknown> {
    if (!this.link.connected) return Promise.reject(new ServiceUnavailableError(subject, 'disconnected', 'NATS is not connected'));
    const token = (this.sequence++).toString(36);
    const payload = JSON.stringify({ pattern: subject, data, id: token });
    const tooLarge = this.oversized(subject, payload);
    if (tooLarge) return Promise.reject(tooLarge);
    return new Promise((resolve, reject) => {
      const expire = (reason: 'timeout' | 'silent', detail: string) => () => this.finish(token, new ServiceUnavailableError(subject, reason, detail));
      this.calls.set(token, {
        subject,
        settle: (error, response) => (error ? reject(error) : resolve(response)),
        deadline: setTimeout(expire('timeout', `no answer within ${timeoutMs} ms`), timeoutMs),
        silence: this.silenceMs < timeoutMs ? setTimeout(expire('silent', `no progress for ${this.silenceMs} ms`), this.silenceMs) : undefined,
      });
      try {
        this.nats.publish(`${this.options.prefix}${subject}`, payload, { reply: `${this.inbox}${token}` });
      } catch (error) {
        this.finish(token, new ServiceUnavailableError(subject, 'disconnected', String(error)));
      }
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
      call.silence?.refresh();
      return;
    }
    let packet: NestReplyPacket;
    try {
      packet = message.json<NestReplyPacket>();
    } catch {
      return this.finish(token, new RemoteError(call.subject, 'an unreadable reply'));
    }
    if (packet.err !== undefined && packet.err !== null) return this.finish(token, new RemoteError(call.subject, packet.err));
    this.finish(token, null, packet.response);
  }

  private finish(token: string, error: Error | null, response?: unknown): void {
    const call = this.calls.get(token);
    if (!call) return;
    this.calls.delete(token);
    clearTimeout(call.deadline);
    clearTimeout(call.silence);
    call.settle(error, response);
  }

  private failAll(reason: 'disconnected', detail: string): void {
    for (const [token, call] of this.calls) this.finish(token, new ServiceUnavailableError(call.subject, reason, detail));
  }
}
