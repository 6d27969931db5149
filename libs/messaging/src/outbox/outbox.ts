import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Dependency, hasRole, type CommonEnv } from '@platform/config';
import { EVENT_PAYLOADS, validateAs, type EventOf, type EventSubject } from '@platform/contracts';
import { Db } from '@platform/database';
import { ServiceMetrics } from '@platform/ops';
import { EventBus } from '../event-bus.js';
import { OutboxEventEntity } from './outbox-event.entity.js';
import { OutboxMetrics, type OutboxBacklog } from './outbox.metrics.js';

export const OUTBOX_ENV = Symbol('OUTBOX_ENV');

const RELAY_INTERVAL_MS = 1000;
const BATCH = 100;

/**
 * Transactional outbox: a durable event is written in the same transaction as the change it
 * announces, so a change is never committed without its event, nor an event sent for a change
 * that rolled back. `flush` publishes right after the commit, off the reply's path; a relay in the
 * worker role retries whatever could not be published (JetStream drops duplicates by event id).
 */
@Injectable()
export class Outbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(Outbox.name);
  /** Logs when publishing starts failing (the database or NATS is away) and when it catches up, not every retry. */
  private readonly publishing = new Dependency('outbox relay', this.logger);
  private relay?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    @Inject(OUTBOX_ENV) private readonly env: CommonEnv,
    @Optional() metrics: ServiceMetrics = new ServiceMetrics(),
  ) {
    metrics.of(OutboxMetrics).own(() => this.backlog());
  }

  async add<S extends EventSubject>(manager: EntityManager, subject: S, event: EventOf<S>): Promise<void> {
    const payload = validateAs(EVENT_PAYLOADS[subject] as new () => EventOf<S>, event);
    // No RETURNING (updateEntity false): reading the row back would need the system scope.
    await manager.createQueryBuilder()
      .insert()
      .into(OutboxEventEntity)
      .values({ eventId: payload.eventId, subject, payload: { ...payload } })
      .updateEntity(false)
      .execute();
  }

  /**
   * Publishes what is waiting; one flush at a time per process. A flush asked for while one runs
   * joins it, and that one runs once more: it may have read the table before the caller's commit.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = this.publishUntilCaughtUp().finally(() => { this.flushing = undefined; });
    return this.flushing;
  }

  onApplicationBootstrap(): void {
    if (!hasRole(this.env, 'worker')) return;
    this.relay = setInterval(() => void this.flush(), RELAY_INTERVAL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.relay);
    await this.flushing;
  }

  private backlog(): Promise<OutboxBacklog> {
    return this.db.asSystem(async (manager) => {
      const row = await manager.getRepository(OutboxEventEntity)
        .createQueryBuilder('event')
        .select('count(*)::int', 'events')
        .addSelect('coalesce(extract(epoch from now() - min(event.created_at)), 0)::float8', 'age')
        .getRawOne<{ events: number; age: number }>();
      return { events: row?.events ?? 0, oldestAgeSeconds: row?.age ?? 0 };
    });
  }

  private async publishUntilCaughtUp(): Promise<void> {
    do {
      this.again = false;
      await this.publishWaiting().then(() => this.publishing.recovered(), (error: unknown) => this.publishing.failed(error));
    } while (this.again);
  }

  private async publishWaiting(): Promise<void> {
    for (;;) {
      const sent = await this.db.asSystem(async (manager) => {
        // SKIP LOCKED: replicas relaying at once take different rows instead of waiting on each other.
        const waiting = await manager.getRepository(OutboxEventEntity)
          .createQueryBuilder('event')
          .orderBy('event.created_at')
          .limit(BATCH)
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .getMany();
        for (const event of waiting) {
          await this.events.publish(event.subject as EventSubject, event.payload as never);
          await manager.getRepository(OutboxEventEntity).delete({ eventId: event.eventId });
        }
        return waiting.length;
      });
      if (sent < BATCH) return;
    }
  }
}
