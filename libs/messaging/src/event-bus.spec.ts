import { NestFactory } from '@nestjs/core';
import { randomBytes, randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { EVENTS, type PlanChangedEvent } from '@platform/contracts';
import { INFRA } from '@platform/testing';
import { EventBus, eventStreamName } from './event-bus.js';
import { MessagingModule } from './messaging.module.js';

const prefix = `t${randomBytes(4).toString('hex')}.`;

async function busFor(serviceName: string) {
  const context = await NestFactory.createApplicationContext(
    MessagingModule.forRoot({ natsUrl: INFRA.natsUrl, prefix, serviceName, requestTimeoutMs: 1000 }),
    { logger: false },
  );
  return { bus: context.get(EventBus), close: () => context.close() };
}

const planChanged = (): PlanChangedEvent => ({
  eventId: randomUUID(), userId: randomUUID(), plan: 'solo', subscriptionStatus: 'active', occurredAt: new Date().toISOString(),
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('EventBus', () => {
  afterAll(async () => {
    const nats = await connect({ servers: INFRA.natsUrl });
    const manager = await jetstreamManager(nats);
    await manager.streams.delete(eventStreamName(prefix)).catch(() => undefined);
    await nats.close();
  });

  it('delivers an event published while the consumer was down once it is back', async () => {
    const first = await busFor('consumer-a');
    await first.bus.consume(EVENTS.billing.planChanged, async () => undefined);
    await first.close();

    const publisher = await busFor('publisher');
    const event = planChanged();
    await publisher.bus.publish(EVENTS.billing.planChanged, event);
    await publisher.close();

    const received: string[] = [];
    const again = await busFor('consumer-a');
    await again.bus.consume(EVENTS.billing.planChanged, async (incoming) => {
      received.push(incoming.eventId);
    });
    await until(() => received.includes(event.eventId));
    await again.close();
  });

  it('stores a republished event id once', async () => {
    const publisher = await busFor('publisher');
    const event = planChanged();
    await publisher.bus.publish(EVENTS.billing.planChanged, event);
    await publisher.bus.publish(EVENTS.billing.planChanged, event);
    const received: string[] = [];
    const consumer = await busFor('consumer-dup');
    await consumer.bus.consume(EVENTS.billing.planChanged, async (incoming) => {
      if (incoming.userId === event.userId) received.push(incoming.eventId);
    });
    await until(() => received.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toEqual([event.eventId]);
    await consumer.close();
    await publisher.close();
  });

  it('retries a handler that failed', async () => {
    const publisher = await busFor('publisher');
    const event = planChanged();
    let attempts = 0;
    const consumer = await busFor('consumer-retry');
    await consumer.bus.consume(EVENTS.billing.planChanged, async (incoming) => {
      if (incoming.userId !== event.userId) return;
      attempts += 1;
      if (attempts === 1) throw new Error('transient');
    });
    await publisher.bus.publish(EVENTS.billing.planChanged, event);
    await until(() => attempts >= 2, 8000);
    await consumer.close();
    await publisher.close();
  });

  it('refuses to publish a payload that breaks its contract', async () => {
    const publisher = await busFor('publisher');
    await expect(
      publisher.bus.publish(EVENTS.billing.planChanged, { ...planChanged(), plan: 'gold' as never }),
    ).rejects.toThrow('plan must be one of the following values');
    await publisher.close();
  });
});
