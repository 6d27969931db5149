import { jest } from '@jest/globals';
import { NestFactory } from '@nestjs/core';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { loadEnv, CommonEnv } from '@platform/config';
import { EVENTS, type UserRegisteredEvent } from '@platform/contracts';
import { DatabaseModule, Db, migrateSchema } from '@platform/database';
import { OpsModule, ServiceMetrics } from '@platform/ops';
import { createTestDatabase, deleteEventStream, INFRA, waitUntil, type TestDatabase } from '@platform/testing';
import { EventBus } from '../event-bus.js';
import { MessagingModule } from '../messaging.module.js';
import { OutboxEventEntity } from './outbox-event.entity.js';
import { outboxTable } from './outbox-table.js';
import { Outbox } from './outbox.js';
import { OutboxModule } from './outbox.module.js';

class OutboxInitial1700000000001 implements MigrationInterface {
  name = 'OutboxInitial1700000000001';
  async up(db: QueryRunner): Promise<void> {
    for (const statement of outboxTable('outbox_test')) await db.query(statement);
  }
  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE outbox_test.outbox');
  }
}

const schema = { schema: 'outbox_test', entities: [OutboxEventEntity], migrations: [OutboxInitial1700000000001] };
const prefix = `t${randomBytes(4).toString('hex')}.`;

const registered = (): UserRegisteredEvent => ({ eventId: randomUUID(), userId: randomUUID(), email: 'new@example.com' });

describe('Outbox', () => {
  let database: TestDatabase;
  let nats: NatsConnection;
  const heard: string[] = [];
  const running: INestApplicationContext[] = [];

  async function start(roles: string): Promise<INestApplicationContext> {
    const env = loadEnv(CommonEnv, { ROLES: roles });
    @Module({
      imports: [
        OpsModule.forRoot(new ServiceMetrics()),
        DatabaseModule.forRoot(database.url, schema),
        MessagingModule.forRoot({ natsUrl: INFRA.natsUrl, prefix, serviceName: 'outbox-test', requestTimeoutMs: 1000 }),
        OutboxModule.forRoot(env),
      ],
    })
    class OutboxTestModule {}
    const app = await NestFactory.createApplicationContext(OutboxTestModule, { logger: false });
    running.push(app);
    return app;
  }

  async function waiting(): Promise<number> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_test.outbox');
    await client.end();
    return rows[0]!.n;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateSchema(database.url, schema);
    nats = await connect({ servers: INFRA.natsUrl });
    nats.subscribe(`${prefix}${EVENTS.identity.userRegistered}`, {
      callback: (error, message) => { if (!error) heard.push(message.json<UserRegisteredEvent>().eventId); },
    });
    await nats.flush();
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.close()));
  });

  afterAll(async () => {
    await nats.close();
    await deleteEventStream(prefix);
    await database.drop();
  });

  it('publishes an event added in a committed transaction, and forgets it', async () => {
    const app = await start('api');
    const event = registered();
    await app.get(Db).asSystem((manager) => app.get(Outbox).add(manager, EVENTS.identity.userRegistered, event));
    await app.get(Outbox).flush();
    await waitUntil('the event heard', async () => heard, (ids) => ids.includes(event.eventId), 5000);
    expect(await waiting()).toBe(0);
  });

  it('publishes an event committed while a flush is already past its read', async () => {
    const app = await start('api');
    const events = app.get(EventBus);
    const publish = events.publish.bind(events);
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let reading = false;
    jest.spyOn(events, 'publish').mockImplementation(async (...args) => {
      reading = true;
      await held;
      return publish(...args);
    });
    const first = registered();
    const second = registered();
    const db = app.get(Db);
    const outbox = app.get(Outbox);
    await db.asSystem((manager) => outbox.add(manager, EVENTS.identity.userRegistered, first));
    const running = outbox.flush();
    await waitUntil('the first flush publishing', async () => reading, (value) => value, 5000);
    await db.asSystem((manager) => outbox.add(manager, EVENTS.identity.userRegistered, second));
    const joined = outbox.flush();
    release();
    await Promise.all([running, joined]);
    expect(await waiting()).toBe(0);
    await waitUntil('both events heard', async () => heard, (ids) => ids.includes(first.eventId) && ids.includes(second.eventId), 5000);
  });

  it('never publishes an event whose transaction rolled back', async () => {
    const app = await start('api');
    const event = registered();
    await expect(app.get(Db).withUser(randomUUID(), async (manager) => {
      await app.get(Outbox).add(manager, EVENTS.identity.userRegistered, event);
      throw new Error('the change failed');
    })).rejects.toThrow('the change failed');
    await app.get(Outbox).flush();
    expect(await waiting()).toBe(0);
    expect(heard).not.toContain(event.eventId);
  });

  it('relays, in the worker role, an event nobody flushed (a crash right after commit)', async () => {
    const api = await start('api');
    const event = registered();
    await api.get(Db).withUser(randomUUID(), (manager) => api.get(Outbox).add(manager, EVENTS.identity.userRegistered, event));
    await api.close();
    expect(await waiting()).toBe(1);

    await start('worker');
    await waitUntil('the relayed event heard', async () => heard, (ids) => ids.includes(event.eventId), 5000);
    await waitUntil('the outbox emptied', waiting, (count) => count === 0, 5000);
  });

  it('refuses an event that breaks its contract', async () => {
    const app = await start('api');
    await expect(app.get(Db).asSystem((manager) =>
      app.get(Outbox).add(manager, EVENTS.identity.userRegistered, { ...registered(), email: 'not an email' }))).rejects.toThrow('email must be an email');
  });

  it('shows its backlog and how long the oldest event has waited when scraped', async () => {
    const app = await start('api');
    const metrics = app.get(ServiceMetrics);
    await app.get(Db).asSystem((manager) => app.get(Outbox).add(manager, EVENTS.identity.userRegistered, registered()));

    const waitingText = await metrics.text();
    expect(waitingText).toMatch(/^outbox_events 1$/m);
    expect(Number(/^outbox_oldest_event_age_seconds (\S+)$/m.exec(waitingText)?.[1])).toBeGreaterThan(0);

    await app.get(Outbox).flush();
    const caughtUpText = await metrics.text();
    expect(caughtUpText).toMatch(/^outbox_events 0$/m);
    expect(caughtUpText).toMatch(/^outbox_oldest_event_age_seconds 0$/m);
  });
});
