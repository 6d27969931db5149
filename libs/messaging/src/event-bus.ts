import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  AckPolicy, DeliverPolicy, jetstream, jetstreamManager, JetStreamApiError,
  type ConsumerMessages, type JetStreamClient, type JetStreamManager, type JsMsg,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { ApiError, EVENT_PAYLOADS, validateAs, type EventOf, type EventSubject } from '@platform/contracts';
import { MESSAGING_OPTIONS, NATS_CONNECTION, type MessagingOptions } from './messaging.tokens.js';

const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const REDELIVERY_DELAY_MS = 2000;
const MAX_DELIVERIES = 10;

/** One stream per NATS_PREFIX, so environments sharing a server keep their facts apart. */
export function eventStreamName(prefix: string): string {
  const suffix = prefix.replace(/\.$/, '').replace(/[^A-Za-z0-9_-]/g, '_');
  return suffix ? `EVENTS_${suffix}` : 'EVENTS';
}

export type EventHandler<S extends EventSubject> = (event: EventOf<S>) => Promise<void>;

/**
 * Facts that must not be lost travel through one JetStream stream; each subscribing service has
 * its own durable consumer, and publishes carry the event id as `Nats-Msg-Id` so a retried publish
 * is stored once. Every publish is also a plain NATS message, which is what `onBroadcast` hears.
 */
@Injectable()
export class EventBus implements OnApplicationShutdown {
  private readonly logger = new Logger(EventBus.name);
  private readonly js: JetStreamClient;
  private manager?: Promise<JetStreamManager>;
  private readonly running: ConsumerMessages[] = [];
  private readonly subscriptions: Subscription[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
  ) {
    this.js = jetstream(nats);
  }

  get streamName(): string {
    return eventStreamName(this.options.prefix);
  }

  async publish<S extends EventSubject>(subject: S, event: EventOf<S>): Promise<void> {
    const payload = validateAs(EVENT_PAYLOADS[subject] as new () => EventOf<S>, event);
    await this.ensureStream();
    await this.js.publish(this.wire(subject), JSON.stringify(payload), { msgID: payload.eventId });
  }

  /**
   * Durable delivery to this service: survives restarts; a failing handler is retried later. With
   * `concurrency` above 1, that many events are handled at once, in no particular order: only for
   * handlers that hold their own order (such as applying a change only if it is newer).
   */
  async consume<S extends EventSubject>(subject: S, handler: EventHandler<S>, { concurrency = 1 }: { concurrency?: number } = {}): Promise<void> {
    const manager = await this.ensureStream();
    const durable = `${this.options.serviceName}__${subject.replace(/\./g, '_')}`;
    await manager.consumers.add(this.streamName, {
      durable_name: durable,
      filter_subject: this.wire(subject),
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      max_deliver: MAX_DELIVERIES,
    });
    const consumer = await this.js.consumers.get(this.streamName, durable);
    const messages = await consumer.consume();
    this.running.push(messages);
    void (async () => {
      const inFlight = new Set<Promise<void>>();
      for await (const message of messages) {
        const handled: Promise<void> = this.deliver(subject, handler, message).finally(() => inFlight.delete(handled));
        inFlight.add(handled);
        if (inFlight.size >= concurrency) await Promise.race(inFlight);
      }
    })();
  }

  private async deliver<S extends EventSubject>(subject: S, handler: EventHandler<S>, message: JsMsg): Promise<void> {
    try {
      await handler(validateAs(EVENT_PAYLOADS[subject] as new () => EventOf<S>, message.json()));
      message.ack();
    } catch (error) {
      if (error instanceof ApiError) {
        this.logger.error(`Dropping malformed ${subject} event: ${error.message}`);
        message.term();
      } else if (message.info.deliveryCount >= MAX_DELIVERIES) {
        this.logger.error(`Giving up on ${subject} event after ${MAX_DELIVERIES} tries: ${String(error)}`);
        message.term();
      } else {
        this.logger.warn(`Retrying ${subject} event: ${String(error)}`);
        message.nak(REDELIVERY_DELAY_MS);
      }
    }
  }

  /** Every replica hears it, nothing is kept: for dropping caches, never for facts. */
  onBroadcast<S extends EventSubject>(subject: S, handler: (event: EventOf<S>) => void): void {
    const subscription = this.nats.subscribe(this.wire(subject), {
      callback: (error, message) => {
        if (error) return;
        try {
          handler(validateAs(EVENT_PAYLOADS[subject] as new () => EventOf<S>, message.json()));
        } catch (failure) {
          this.logger.warn(`Ignoring ${subject} broadcast: ${String(failure)}`);
        }
      },
    });
    this.subscriptions.push(subscription);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.running.map((messages) => messages.close().catch(() => undefined)));
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  private wire(subject: string): string {
    return `${this.options.prefix}${subject}`;
  }

  private ensureStream(): Promise<JetStreamManager> {
    this.manager ??= this.createStream().catch((error) => {
      this.manager = undefined;
      throw error;
    });
    return this.manager;
  }

  private async createStream(): Promise<JetStreamManager> {
    const manager = await jetstreamManager(this.nats);
    const config = {
      name: this.streamName,
      subjects: [`${this.options.prefix}evt.>`],
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      max_age: nanos(RETENTION_MS),
    };
    try {
      await manager.streams.add(config);
    } catch (error) {
      // Another replica created it first; ours is the same config.
      if (!(error instanceof JetStreamApiError)) throw error;
    }
    return manager;
  }
}
