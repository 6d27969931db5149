import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { databaseUrlNamed } from '@platform/database';
import { eventStreamName } from '@platform/messaging';
import { TestPlatform, type TestUser } from '../platform.js';
import { startOwnedInfra, type OwnedInfra } from './owned-infra.js';

describe('TestPlatform on owned infrastructure', () => {
  let infra: OwnedInfra;
  let platform: TestPlatform;
  let user: TestUser;

  beforeAll(async () => {
    infra = await startOwnedInfra();
    platform = await TestPlatform.start({ infra });
    user = await platform.newUser();
  });

  afterAll(async () => {
    await platform?.close();
    await infra?.close();
  });

  it('registers and signs in a user through the gateway', async () => {
    expect((await user.client.get('/api/user')).status).toBe(200);
  });

  it('stores the user in the owned PostgreSQL', async () => {
    const database = new URL(platform.env.DATABASE_URL!).pathname.slice(1);
    const client = new pg.Client({ connectionString: databaseUrlNamed(infra.postgres.url, database) });
    await client.connect();
    const { rowCount } = await client.query('SELECT 1 FROM identity.users WHERE id = $1', [user.id]).finally(() => client.end());
    expect(rowCount).toBe(1);
  });

  it('keeps its Redis keys in the owned Redis', async () => {
    const redis = new Redis(infra.redis.url);
    const keys = await redis.keys(`${platform.env.REDIS_PREFIX}*`).finally(() => redis.disconnect());
    expect(keys).not.toEqual([]);
  });

  it('publishes its events on the owned NATS', async () => {
    const nats = await connect({ servers: infra.nats.url });
    const stream = await (await jetstreamManager(nats)).streams.info(eventStreamName(platform.env.NATS_PREFIX!)).finally(() => nats.close());
    expect(stream.state.messages).toBeGreaterThan(0);
  });

  describe('close', () => {
    // Without Redis a service in this process never finishes closing (its BullMQ worker waits for it).
    it('starts an owned server the test left killed, then closes', async () => {
      const other = await TestPlatform.start({ infra });
      await infra.redis.kill();
      await other.close();
      expect(infra.redis.running).toBe(true);
    });
  });
});
