import { connect } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import type { Subject } from '@platform/contracts';
import type { TestPlatform } from '@platform/testing';

/** One request in the NestJS packet format, as another service (the watchdog, usage) would send it. */
export async function natsRequest<T>(platform: TestPlatform, subject: Subject, data: unknown): Promise<T> {
  const nats = await connect({ servers: platform.env.NATS_URL });
  try {
    const reply = await nats.request(`${platform.env.NATS_PREFIX}${subject}`, JSON.stringify({ pattern: subject, data, id: randomUUID() }), { timeout: 5000 });
    return reply.json<{ response: T }>().response;
  } finally {
    await nats.close();
  }
}
