import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { NATS_CONNECTION } from './messaging.tokens.js';
import { StreamConsumer } from './stream-consumer.js';
import { InProcessStreamProducer, inProcessStreams } from './in-process-streams.js';
import { NatsStreamProducer, type StreamProducer } from './stream-producer.js';

/**
 * Streams over this process's NATS connection: the requester opens a consumer, the answerer a
 * producer on its inbox; handed over directly when the request was answered in this process.
 */
@Injectable()
export class NatsStreams {
  constructor(@Inject(NATS_CONNECTION) private readonly nats: NatsConnection) {}

  open(): StreamConsumer {
    return new StreamConsumer(this.nats);
  }

  produce(inbox: string): StreamProducer {
    const consumer = inProcessStreams.claim(inbox);
    return consumer ? new InProcessStreamProducer(consumer) : new NatsStreamProducer(this.nats, inbox);
  }
}
