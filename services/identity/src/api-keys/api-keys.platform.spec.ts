import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { EVENTS, IDENTITY_MESSAGES as M } from '@platform/contracts';
import { TestPlatform, waitFor, type TestClient, type TestUser } from '@platform/testing';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

async function createKey(client: TestClient, name = 'ci') {
  const response = await client.post('/api/keys', { name });
  if (response.status !== 201) throw new Error(`create key failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; name: string; key: string; createdAt: string };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** docs/spec-decisions.md row 14: the first 7 and last 4 characters. */
const previewOf = (key: string) => `${key.slice(0, 7)}...${key.slice(-4)}`;

describe('API keys (platform-core 4.5)', () => {
  let platform: TestPlatform;
  let database: pg.Client;

  beforeAll(async () => {
    platform = await TestPlatform.start();
    database = new pg.Client({ connectionString: platform.env.DATABASE_URL });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await platform?.close();
  });

  describe('GET /api/keys', () => {
    it('returns an empty list for a user without keys', async () => {
      const user = await platform.newUser();
      const response = await user.client.get('/api/keys');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ keys: [] });
    });

    it('lists keys with a preview and without the raw key', async () => {
      const user = await platform.newUser();
      const first = await createKey(user.client, 'first');
      const second = await createKey(user.client, 'second');
      const response = await user.client.get('/api/keys');
      expect(response.status).toBe(200);
      expect(response.body.keys).toHaveLength(2);
      const byId = new Map((response.body.keys as Record<string, unknown>[]).map((view) => [view.id, view]));
      for (const made of [first, second]) {
        const view = byId.get(made.id)!;
        expect(view).toEqual({ id: made.id, name: made.name, keyPreview: previewOf(made.key), createdAt: made.createdAt, lastUsed: null, monthlySpendCap: null });
      }
      expect(JSON.stringify(response.body)).not.toContain(first.key);
      expect(JSON.stringify(response.body)).not.toContain(second.key);
    });

    it('returns 401 without a session', async () => {
      const response = await platform.web().get('/api/keys');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    });
  });

  describe('POST /api/keys', () => {
    let user: TestUser;

    beforeAll(async () => {
      user = await platform.newUser();
    });

    it('returns 201 with the raw sk_ key', async () => {
      const response = await user.client.post('/api/keys', { name: 'deploy bot' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'deploy bot',
        key: expect.stringMatching(/^sk_[A-Za-z0-9_-]{20,}$/),
        createdAt: expect.stringMatching(ISO_DATE),
        monthlySpendCap: null,
      });
    });

    it('shows the raw key once: later reads do not include it', async () => {
      const made = await createKey(user.client, 'once');
      const single = await user.client.get(`/api/keys/${made.id}`);
      expect(single.status).toBe(200);
      expect(single.body).not.toHaveProperty('key');
      expect(JSON.stringify(single.body)).not.toContain(made.key);
      const list = await user.client.get('/api/keys');
      expect(JSON.stringify(list.body)).not.toContain(made.key);
    });

    it('stores a bcrypt hash and a SHA-256 digest, never the raw key', async () => {
      const made = await createKey(user.client, 'stored');
      const { rows } = await database.query('SELECT * FROM identity.api_keys WHERE id = $1', [made.id]);
      expect(rows).toHaveLength(1);
      const row = rows[0] as Record<string, unknown>;
      expect(row.user_id).toBe(user.id);
      expect(row.key_hash).toMatch(/^\$2[aby]?\$\d{2}\$/);
      expect(row.key_digest).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(made.key);
    });

    it('returns 400 when the name is missing', async () => {
      const response = await user.client.post('/api/keys', {});
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.nameRequired });
    });

    it('returns 400 when the name is longer than 64 characters', async () => {
      const response = await user.client.post('/api/keys', { name: 'x'.repeat(65) });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.nameTooLong });
    });

    it('accepts a name of exactly 64 characters', async () => {
      const response = await user.client.post('/api/keys', { name: 'x'.repeat(64) });
      expect(response.status).toBe(201);
      expect(response.body.name).toBe('x'.repeat(64));
    });

    it('returns 401 without a session', async () => {
      const response = await platform.web().post('/api/keys', { name: 'anonymous' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    });
  });

  describe('GET /api/keys/:id', () => {
    let owner: TestUser;
    let other: TestUser;

    beforeAll(async () => {
      [owner, other] = await Promise.all([platform.newUser(), platform.newUser()]);
    });

    // No usage service in this file: spend is unknown, not zero.
    it("returns the owner's key without the raw key, its spend unknown", async () => {
      const made = await createKey(owner.client, 'mine');
      const response = await owner.client.get(`/api/keys/${made.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: made.id, name: 'mine', keyPreview: previewOf(made.key), createdAt: made.createdAt, lastUsed: null, monthlySpendCap: null, spentThisMonth: null,
      });
    });

    it("returns 404 for another user's key", async () => {
      const made = await createKey(owner.client, 'not yours');
      const response = await other.client.get(`/api/keys/${made.id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: M.keyNotFound });
    });

    it('returns 404 for an unknown id', async () => {
      const response = await owner.client.get(`/api/keys/${UNKNOWN_ID}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: M.keyNotFound });
    });

    it('returns 404 for an id that is not a uuid', async () => {
      const response = await owner.client.get('/api/keys/not-a-uuid');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: M.keyNotFound });
    });

    it('returns 401 without a session', async () => {
      const made = await createKey(owner.client, 'anonymous read');
      const response = await platform.web().get(`/api/keys/${made.id}`);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    });
  });

  describe('DELETE /api/keys/:id', () => {
    let owner: TestUser;
    let other: TestUser;

    beforeAll(async () => {
      [owner, other] = await Promise.all([platform.newUser(), platform.newUser()]);
    });

    it('deletes the key, after which it is 404', async () => {
      const made = await createKey(owner.client, 'doomed');
      const response = await owner.client.delete(`/api/keys/${made.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      const read = await owner.client.get(`/api/keys/${made.id}`);
      expect(read.status).toBe(404);
      expect(read.body).toEqual({ error: M.keyNotFound });
      const again = await owner.client.delete(`/api/keys/${made.id}`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ error: M.keyNotFound });
      const { rowCount } = await database.query('SELECT 1 FROM identity.api_keys WHERE id = $1', [made.id]);
      expect(rowCount).toBe(0);
    });

    it("returns 404 for another user's key and leaves it in place", async () => {
      const made = await createKey(owner.client, 'kept');
      const response = await other.client.delete(`/api/keys/${made.id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: M.keyNotFound });
      const read = await owner.client.get(`/api/keys/${made.id}`);
      expect(read.status).toBe(200);
      expect(read.body.id).toBe(made.id);
    });

    it('returns 404 for an unknown id', async () => {
      const response = await owner.client.delete(`/api/keys/${UNKNOWN_ID}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: M.keyNotFound });
    });

    it('returns 404 for an id that is not a uuid', async () => {
      const response = await owner.client.delete('/api/keys/123');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: M.keyNotFound });
    });

    it('returns 401 without a session', async () => {
      const made = await createKey(owner.client, 'anonymous delete');
      const response = await platform.web().delete(`/api/keys/${made.id}`);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
      expect((await owner.client.get(`/api/keys/${made.id}`)).status).toBe(200);
    });
  });

  describe('monthly spend cap (POST and PATCH /api/keys)', () => {
    let user: TestUser;

    beforeAll(async () => {
      user = await platform.newUser();
    });

    it('creates a key with a cap in USD and shows it on the key', async () => {
      const response = await user.client.post('/api/keys', { name: 'capped', monthlySpendCap: 25.5 });
      expect(response.status).toBe(201);
      expect(response.body.monthlySpendCap).toBe(25.5);
      expect((await user.client.get(`/api/keys/${response.body.id}`)).body.monthlySpendCap).toBe(25.5);
    });

    it.each([[-1], ['ten'], [0.0000001], [2_000_000]])('answers 400 for a cap of %p', async (monthlySpendCap) => {
      const response = await user.client.post('/api/keys', { name: 'bad cap', monthlySpendCap });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.spendCapInvalid });
    });

    it('changes the name and the cap with PATCH, and removes the cap with null', async () => {
      const made = await createKey(user.client, 'to change');
      const changed = await user.client.patch(`/api/keys/${made.id}`, { name: 'changed', monthlySpendCap: 3 });
      const uncapped = await user.client.patch(`/api/keys/${made.id}`, { monthlySpendCap: null });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ id: made.id, name: 'changed', monthlySpendCap: 3 });
      expect(uncapped.body).toMatchObject({ id: made.id, name: 'changed', monthlySpendCap: null });
    });

    it('answers 400 for a PATCH that changes nothing', async () => {
      const made = await createKey(user.client, 'unchanged');
      const response = await user.client.patch(`/api/keys/${made.id}`, {});
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.keyUpdateEmpty });
    });

    it("answers 404 for a PATCH of another user's key and leaves it as it was", async () => {
      const made = await createKey(user.client, 'not theirs');
      const response = await (await platform.newUser()).client.patch(`/api/keys/${made.id}`, { monthlySpendCap: 0 });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: M.keyNotFound });
      expect((await user.client.get(`/api/keys/${made.id}`)).body.monthlySpendCap).toBeNull();
    });
  });

  describe('lastUsed', () => {
    it('is set after the key is used', async () => {
      const user = await platform.newUser();
      const made = await createKey(user.client, 'used');
      expect((await platform.web().get('/api/keys', bearer(made.key))).status).toBe(200);
      const read = await waitFor(
        () => user.client.get(`/api/keys/${made.id}`),
        (response) => response.body?.lastUsed !== null,
        3000,
      );
      expect(read.status).toBe(200);
      expect(read.body.lastUsed).toMatch(ISO_DATE);
      expect(Date.parse(read.body.lastUsed)).toBeGreaterThanOrEqual(Date.parse(made.createdAt));
    });
  });

  describe('the list kept in memory (KeyListCache)', () => {
    const renameBehindIdentity = (id: string, name: string) => database.query('UPDATE identity.api_keys SET name = $1 WHERE id = $2', [name, id]);
    const namesOf = async (client: TestClient) => ((await client.get('/api/keys')).body.keys as { name: string }[]).map((key) => key.name);

    it('answers a repeated read from memory, and reads again once any replica says the keys changed', async () => {
      const user = await platform.newUser();
      const made = await createKey(user.client, 'before');
      expect(await namesOf(user.client)).toEqual(['before']);
      await renameBehindIdentity(made.id, 'after');
      expect(await namesOf(user.client)).toEqual(['before']);

      const nats = await connect({ servers: platform.env.NATS_URL! });
      nats.publish(`${platform.env.NATS_PREFIX}${EVENTS.identity.keysChanged}`, JSON.stringify({ eventId: randomUUID(), userId: user.id }));
      await nats.drain();

      expect(await waitFor(() => namesOf(user.client), (names) => names[0] === 'after', 3000)).toEqual(['after']);
    });

    it('shows a change made through the API at once: made, renamed, deleted', async () => {
      const user = await platform.newUser();
      expect(await namesOf(user.client)).toEqual([]);
      const made = await createKey(user.client, 'first');
      expect(await namesOf(user.client)).toEqual(['first']);
      expect((await user.client.patch(`/api/keys/${made.id}`, { name: 'renamed' })).status).toBe(200);
      expect(await namesOf(user.client)).toEqual(['renamed']);
      expect((await user.client.delete(`/api/keys/${made.id}`)).status).toBe(200);
      expect(await namesOf(user.client)).toEqual([]);
    });

    it('shows lastUsed in the list once the key was used', async () => {
      const user = await platform.newUser();
      const made = await createKey(user.client, 'used');
      expect((await user.client.get('/api/keys')).body.keys[0].lastUsed).toBeNull();
      expect((await platform.web().get('/api/keys', bearer(made.key))).status).toBe(200);
      const listed = await waitFor(() => user.client.get('/api/keys'), (response) => response.body.keys[0].lastUsed !== null, 3000);
      expect(listed.body.keys[0].lastUsed).toMatch(ISO_DATE);
    });
  });

  describe('Authorization: Bearer sk_ on session routes', () => {
    it('authenticates GET /api/keys without a cookie', async () => {
      const user = await platform.newUser();
      const made = await createKey(user.client, 'script');
      const response = await platform.web().get('/api/keys', bearer(made.key));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ keys: [expect.objectContaining({ id: made.id, name: 'script' })] });
    });

    it('refuses a deleted key at once on the same replica', async () => {
      const user = await platform.newUser();
      const made = await createKey(user.client, 'revoked');
      const script = platform.web();
      expect((await script.get('/api/keys', bearer(made.key))).status).toBe(200);
      expect((await user.client.delete(`/api/keys/${made.id}`)).body).toEqual({ success: true });
      const response = await script.get('/api/keys', bearer(made.key));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    });

    it('refuses an unknown sk_ key', async () => {
      const response = await platform.web().get('/api/keys', bearer('sk_unknown-key-0123456789'));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    });
  });

  describe('POST /api/keys/validate', () => {
    it('returns 400 when apiKey is missing', async () => {
      const response = await platform.web().post('/api/keys/validate', {});
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.apiKeyRequired });
    });

    it('returns 400 when apiKey is not a string', async () => {
      const response = await platform.web().post('/api/keys/validate', { apiKey: 12345 });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.apiKeyRequired });
    });

    it('returns 401 when apiKey lacks the sk_ prefix', async () => {
      const response = await platform.web().post('/api/keys/validate', { apiKey: 'pk_0123456789abcdef' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: M.invalidApiKey });
    });

    it('returns 401 for an unknown key', async () => {
      const response = await platform.web().post('/api/keys/validate', { apiKey: 'sk_0123456789abcdefghijklmnop' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: M.invalidApiKey });
    });

    it('returns 401 for a key that shares a real key’s prefix but not the rest', async () => {
      const user = await platform.newUser();
      const made = await createKey(user.client, 'prefix');
      const forged = `${made.key.slice(0, 10)}${'A'.repeat(made.key.length - 10)}`;
      const response = await platform.web().post('/api/keys/validate', { apiKey: forged });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: M.invalidApiKey });
    });

    it('returns the owner, plan and features of a valid key', async () => {
      const user = await platform.newUser();
      const made = await createKey(user.client, 'validated');
      const response = await platform.web().post('/api/keys/validate', { apiKey: made.key });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        valid: true, userId: user.id, email: user.email, plan: 'free', subscriptionStatus: 'inactive', features: [],
      });
    });
  });

  describe('POST /api/validate-key (backend)', () => {
    it('returns 401 without an Authorization header', async () => {
      const response = await platform.backend().post('/api/validate-key');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: M.missingToken });
    });

    it('returns 401 for an unknown key', async () => {
      const response = await platform.backend().post('/api/validate-key', undefined, bearer('sk_not-a-real-key-0123456789'));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: M.invalidApiKey });
    });

    it('returns valid, the owner, plan and features for a known key', async () => {
      const user = await platform.newUser();
      const made = await createKey(user.client, 'backend');
      const response = await platform.backend().post('/api/validate-key', undefined, bearer(made.key));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ valid: true, userId: user.id, plan: 'free', features: [] });
    });
  });
});
