import { Inject, Injectable } from '@nestjs/common';
import { NoRespondersError, TimeoutError, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import type { Envelope, Reply, Subject } from '@platform/contracts';
import { MESSAGING_OPTIONS, NATS_CONNECTION, type MessagingOptions } from './messaging.tokens.js';

/** A service did not answer in time, or none is listening: the edge answers 502. */
export class ServiceUnavailableError extends Error {
  constructor(readonly subject: string, cause: unknown) {
    super(`No answer on ${subject}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

interface NestReplyPacket<T> {
  id: string;
  response?: T;
  err?: unknown;
  isDisposed?: boolean;
}

/**
 * Request/reply over NATS in the NestJS packet format. It uses the connection's own request so
 * every call has a timeout (the NestJS client has none) and "no responders" fails at once.
 */
@Injectable()
export class RpcClient {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
  ) {}

  async send<Body = unknown>(subject: Subject, envelope: Envelope, timeoutMs = this.options.requestTimeoutMs): Promise<Reply<Body>> {
    return this.request<Reply<Body>>(subject, envelope, timeoutMs);
  }

  /** For service-to-service queries whose answer is data, not an HTTP reply. */
  async request<T>(subject: Subject, data: unknown, timeoutMs = this.options.requestTimeoutMs): Promise<T> {
    const wireSubject = `${this.options.prefix}${subject}`;
    let packet: NestReplyPacket<T>;
    try {
      const message = await this.nats.request(
        wireSubject,
        JSON.stringify({ pattern: subject, data, id: randomUUID() }),
        { timeout: timeoutMs },
      );
      packet = message.json<NestReplyPacket<T>>();
    } catch (error) {
      if (error instanceof TimeoutError || error instanceof NoRespondersError || isNoResponders(error)) {
        throw new ServiceUnavailableError(subject, error);
      }
      throw error;
    }
    if (packet.err !== undefined && packet.err !== null) {
      throw new Error(`Remote error on ${subject}: ${JSON.stringify(packet.err)}`);
    }
    return packet.response as T;
  }
}

function isNoResponders(error: unknown): boolean {
  return error instanceof Error && /no responders/i.test(`${error.message} ${String(error.cause ?? '')}`);
}
