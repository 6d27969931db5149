import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { eventStreamName } from '@platform/messaging';
import { INFRA } from './infra-urls.js';

/** A test file's JetStream stream (and its consumers) would otherwise outlive it for the retention period. */
export async function deleteEventStream(natsPrefix: string): Promise<void> {
  const nats = await connect({ servers: INFRA.natsUrl });
  try {
    const manager = await jetstreamManager(nats);
    await manager.streams.delete(eventStreamName(natsPrefix)).catch(() => undefined);
  } finally {
    await nats.close();
  }
}
