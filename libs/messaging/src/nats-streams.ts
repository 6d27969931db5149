import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { NATS_CONNECTION } from './messaging.tokens.js';
import { StreamConsumer } from './stream-consumer.js';
import { StreamProducer } from './stream-producer.js';

/** Streams over this process's NATS connection: the requester opens a consumer, the answerer a producer on its inbox. */
@Injectable()
export class NatsStreams {
  constructor(@Inject(NATS_CONNECTION) private readonly nats: NatsConnection) {}

  open(): StreamConsumer {
    return new StreamConsumer(this.nats);
  }

  produce(inbox: string): StreamProducer {
    return new StreamProducer(this.nats, inbox);
  }
}
