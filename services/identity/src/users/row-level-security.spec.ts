import type { DataSource, EntityManager } from 'typeorm';
import { APP_ROLE, createDataSource, Db } from '@platform/database';
import { TestPlatform, type TestUser } from '@platform/testing';
import { ApiKeyEntity } from '../api-keys/api-key.entity.js';
import { identityDatabase } from '../database.js';
import { PasswordResetEntity } from '../passwords/password-reset.entity.js';
import { SessionEntity } from '../sessions/session.entity.js';
import { UserEntity } from './user.entity.js';

/** Who owns each row a query returned: users by id, everything else by user_id. */
const owners = async (manager: EntityManager) => ({
  users: (await manager.getRepository(UserEntity).find()).map((row) => row.id).sort(),
  sessions: (await manager.getRepository(SessionEntity).find()).map((row) => row.userId).sort(),
  apiKeys: (await manager.getRepository(ApiKeyEntity).find()).map((row) => row.userId).sort(),
});

describe('identity row-level security', () => {
  let platform: TestPlatform;
  let dataSource: DataSource;
  let sut: Db;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    platform = await TestPlatform.start();
    // Rows made through the real routes: one user, one session and one API key each.
    alice = await platform.newUser();
    bob = await platform.newUser();
    for (const user of [alice, bob]) expect((await user.client.post('/api/keys', { name: 'rls' })).status).toBe(201);
    // Connected as the services are at run time: the unprivileged app role, no BYPASSRLS. One
    // connection, so every test reuses the one a scope was set on.
    dataSource = await createDataSource(platform.env.DATABASE_URL!, identityDatabase, true, 1).initialize();
    sut = new Db(dataSource);
  });

  afterAll(async () => {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await platform?.close();
  });

  it('a handler querying without a user scope gets nothing back', async () => {
    expect(await dataSource.query('SELECT current_user AS role')).toEqual([{ role: APP_ROLE }]);
    expect(await owners(dataSource.manager)).toEqual({ users: [], sessions: [], apiKeys: [] });
    expect(await dataSource.getRepository(PasswordResetEntity).count()).toBe(0);
  });

  it('a user scope sees only that user’s rows', async () => {
    expect(await sut.withUser(alice.id, owners)).toEqual({ users: [alice.id], sessions: [alice.id], apiKeys: [alice.id] });
    expect(await sut.withUser(bob.id, owners)).toEqual({ users: [bob.id], sessions: [bob.id], apiKeys: [bob.id] });
  });

  it('the system scope sees every row', async () => {
    const both = [alice.id, bob.id].sort();

    expect(await sut.asSystem(owners)).toEqual({ users: both, sessions: both, apiKeys: both });
  });

  it('a user scope cannot change another user’s row', async () => {
    const result = await sut.withUser(alice.id, (manager) =>
      manager.getRepository(UserEntity).update({ id: bob.id }, { name: 'taken over' }));

    expect(result.affected).toBe(0);
    expect((await sut.asSystem((manager) => manager.getRepository(UserEntity).findOneByOrFail({ id: bob.id }))).name).toBe(bob.name);
  });

  it('a user scope cannot write a row for another user', async () => {
    const insert = sut.withUser(alice.id, (manager) => manager.getRepository(SessionEntity).insert({
      userId: bob.id, tokenDigest: 'forged', expiresAt: new Date(Date.now() + 60_000),
    }));

    await expect(insert).rejects.toThrow(/row-level security/);
  });

  it('the scope ends with its transaction: the pooled connection carries nothing into the next query', async () => {
    await sut.withUser(alice.id, owners);

    expect(await owners(dataSource.manager)).toEqual({ users: [], sessions: [], apiKeys: [] });
  });

  describe('readAs (one read in one round trip)', () => {
    const allKeyOwners = 'SELECT user_id AS "userId" FROM identity.api_keys ORDER BY user_id';

    it('sees only the user’s rows, even asked for every row', async () => {
      expect(await sut.readAs(alice.id, allKeyOwners, [])).toEqual([{ userId: alice.id }]);
    });

    it('finds nothing of another user asked for by id', async () => {
      expect(await sut.readAs(alice.id, 'SELECT id FROM identity.users WHERE id = $1', [bob.id])).toEqual([]);
    });

    it('takes a parameter with quotes as a literal', async () => {
      expect(await sut.readAs(alice.id, 'SELECT $1::text AS value', ["x'); SELECT set_config('app.system', 'on', false); --"]))
        .toEqual([{ value: "x'); SELECT set_config('app.system', 'on', false); --" }]);
      expect(await owners(dataSource.manager)).toEqual({ users: [], sessions: [], apiKeys: [] });
    });

    it('leaves no scope on the pooled connection', async () => {
      await sut.readAs(alice.id, allKeyOwners, []);

      expect(await owners(dataSource.manager)).toEqual({ users: [], sessions: [], apiKeys: [] });
    });
  });
});
