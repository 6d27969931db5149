import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { eventStreamName } from '@platform/messaging';
import type { EventOf, EventSubject } from '@platform/contracts';

/** Every event of `subject` the platform's stream holds, oldest first, read as a new subscriber would. */
export async function streamEvents<S extends EventSubject>(natsUrl: string, natsPrefix: string, subject: S): Promise<EventOf<S>[]> {
  const nats = await connect({ servers: natsUrl });
  try {
    const consumer = await jetstream(nats).consumers.get(eventStreamName(natsPrefix), {
      filter_subjects: `${natsPrefix}${subject}`, deliver_policy: DeliverPolicy.All,
    });
    const events: EventOf<S>[] = [];
    for (;;) {
      const message = await consumer.next({ expires: 1000 });
      if (!message) return events;
      events.push(message.json<EventOf<S>>());
    }
  } finally {
    await nats.close();
  }
}
