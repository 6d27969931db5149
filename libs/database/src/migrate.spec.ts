import pg from 'pg';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { createDataSource } from './data-source.factory.js';
import { Db } from './db.js';
import { migrateSchema } from './migrate.js';
import { ownerOnlyPolicy } from './row-level-security.js';

class NotesInitial1700000000000 implements MigrationInterface {
  name = 'NotesInitial1700000000000';
  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE notes_test.notes (id serial PRIMARY KEY, user_id text NOT NULL, body text NOT NULL)`);
    for (const statement of ownerOnlyPolicy('notes_test', 'notes')) await db.query(statement);
  }
  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE notes_test.notes');
  }
}

const notesDatabase = { schema: 'notes_test', entities: [], migrations: [NotesInitial1700000000000] };

describe('migrateSchema', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('applies each migration once when replicas start together', async () => {
    const results = await Promise.all([1, 2, 3].map(() => migrateSchema(database.url, notesDatabase)));
    expect(results.flat()).toEqual(['NotesInitial1700000000000']);
  });

  describe('row-level security', () => {
    let sut: Db;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query(`INSERT INTO notes_test.notes (user_id, body) VALUES ('alice', 'a1'), ('alice', 'a2'), ('bob', 'b1')`);
      await admin.end();
      sut = new Db(await createDataSource(database.url, notesDatabase, true).initialize());
    });

    afterAll(async () => {
      await sut.onApplicationShutdown();
    });

    it('shows nothing to a query outside any scope', async () => {
      expect(await sut.dataSource.query('SELECT body FROM notes_test.notes')).toEqual([]);
    });

    it('shows a user only their own rows', async () => {
      const rows = await sut.withUser('alice', (manager) => manager.query('SELECT body FROM notes_test.notes ORDER BY body'));
      expect(rows).toEqual([{ body: 'a1' }, { body: 'a2' }]);
    });

    it('refuses to write a row for another user', async () => {
      await expect(sut.withUser('alice', (manager) =>
        manager.query(`INSERT INTO notes_test.notes (user_id, body) VALUES ('bob', 'forged')`))).rejects.toThrow(/row-level security/);
    });

    it('shows system work every row', async () => {
      const rows = await sut.asSystem((manager) => manager.query('SELECT count(*)::int AS n FROM notes_test.notes'));
      expect(rows).toEqual([{ n: 3 }]);
    });

    describe('a scope is one transaction (scopedTransaction: START TRANSACTION and the scope in one round trip)', () => {
      let single: Db;
      const scopeNow = (manager: EntityManager) => manager.query(`SELECT current_setting('app.user_id', true) AS user, current_setting('app.system', true) AS system`);

      beforeAll(async () => {
        // One connection: every call below reuses the one the previous scope was set on.
        single = new Db(await createDataSource(database.url, notesDatabase, true, 1).initialize());
      });

      afterAll(async () => {
        await single.onApplicationShutdown();
      });

      it('leaves no scope on the pooled connection once the work is done', async () => {
        await single.withUser('alice', (manager) => manager.query('SELECT 1'));

        expect(await scopeNow(single.dataSource.manager)).toEqual([{ user: '', system: '' }]);
      });

      it('takes a user id with quotes and semicolons as the literal id', async () => {
        const odd = `o'brien'); SELECT set_config('app.system', 'on', false); --`;

        expect(await single.withUser(odd, scopeNow)).toEqual([{ user: odd, system: 'off' }]);
        expect(await scopeNow(single.dataSource.manager)).toEqual([{ user: '', system: '' }]);
      });

      it('rolls back every write of a work that fails', async () => {
        const failing = single.withUser('alice', async (manager) => {
          await manager.query(`INSERT INTO notes_test.notes (user_id, body) VALUES ('alice', 'rolled back')`);
          throw new Error('the work failed');
        });

        await expect(failing).rejects.toThrow('the work failed');
        expect(await single.asSystem((manager) => manager.query(`SELECT body FROM notes_test.notes WHERE body = 'rolled back'`))).toEqual([]);
      });

      it('nests a transaction started inside the work as a savepoint, not a commit of the scope', async () => {
        const failing = single.withUser('alice', async (manager) => {
          await manager.transaction((inner) => inner.query(`INSERT INTO notes_test.notes (user_id, body) VALUES ('alice', 'nested')`));
          expect(await scopeNow(manager)).toEqual([{ user: 'alice', system: 'off' }]);
          throw new Error('the outer work failed');
        });

        await expect(failing).rejects.toThrow('the outer work failed');
        expect(await single.asSystem((manager) => manager.query(`SELECT body FROM notes_test.notes WHERE body = 'nested'`))).toEqual([]);
      });
    });
  });
});
