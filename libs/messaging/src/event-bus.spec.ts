import { NestFactory } from '@nestjs/core';
import { randomBytes, randomUUID } from 'node:crypto';
import { EVENTS, type PlanChangedEvent } from '@platform/contracts';
import { deleteEventStream, INFRA, waitUntil } from '@platform/testing';
import { EventBus } from './event-bus.js';
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

describe('EventBus', () => {
  afterAll(() => deleteEventStream(prefix));

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
    await waitUntil('the event delivered', async () => received, (ids) => ids.includes(event.eventId), 5000);
    await again.close();
  });

  it.each([[1, 1], [4, 4]])('with concurrency %i, handles %i events at once', async (concurrency, atOnce) => {
    const publisher = await busFor('publisher');
    const events = Array.from({ length: 4 }, planChanged);
    const consumer = await busFor(`consumer-concurrency-${concurrency}`);
    let running = 0;
    let most = 0;
    const handled: string[] = [];
    await consumer.bus.consume(EVENTS.billing.planChanged, async (incoming) => {
      if (!events.some((event) => event.eventId === incoming.eventId)) return;
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 100));
      running -= 1;
      handled.push(incoming.eventId);
    }, { concurrency });
    for (const event of events) await publisher.bus.publish(EVENTS.billing.planChanged, event);
    await waitUntil('every event handled', async () => handled, (ids) => ids.length === events.length, 5000);
    expect(most).toBe(atOnce);
    await consumer.close();
    await publisher.close();
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
    await waitUntil('the event delivered', async () => received, (ids) => ids.length >= 1, 5000);
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
    await waitUntil('a second attempt', async () => attempts, (count) => count >= 2, 8000);
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
