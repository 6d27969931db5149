import { TestPlatform, waitFor, type TestClient } from '@platform/testing';

/** Well under the 5 s credential cache TTL: only the revocation broadcast can explain a 401 this soon. */
const WITHIN_MS = 1000;

describe('Revocation across gateway replicas', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start({ gateways: 2, env: { SESSION_CACHE_TTL_MS: '5000' } });
  });

  afterAll(async () => {
    await platform?.close();
  });

  const replicaB = (client: TestClient) => client.at(platform.gateways[1]!.urls.web);

  it('refuses a session on replica B soon after it signs out on replica A', async () => {
    const user = await platform.newUser();
    const onB = replicaB(user.client);
    const cached = await onB.get('/api/keys');
    expect(cached.status).toBe(200);
    const signout = await user.client.post('/api/auth/signout');
    expect(signout.status).toBe(200);
    expect(signout.body).toEqual({ ok: true });
    const started = Date.now();
    const after = await waitFor(() => onB.get('/api/keys'), (response) => response.status === 401, WITHIN_MS);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Unauthorized' });
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
  });

  it('refuses a deleted API key on replica B soon after it is deleted on replica A', async () => {
    const user = await platform.newUser();
    const made = await user.client.post('/api/keys', { name: 'replicated' });
    const script = replicaB(platform.web());
    const bearer = { authorization: `Bearer ${made.body.key}` };
    expect((await script.get('/api/keys', bearer)).status).toBe(200);
    const deleted = await user.client.delete(`/api/keys/${made.body.id}`);
    expect(deleted.body).toEqual({ success: true });
    const after = await waitFor(() => script.get('/api/keys', bearer), (response) => response.status === 401, WITHIN_MS);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Unauthorized' });
  });

  // B re-resolves an evicted session through identity, so this shows whose session ends, not what B's cache keeps.
  it("ends no other user's session: another user is still signed in on replica B once the signout reached it", async () => {
    const [leaving, staying] = await Promise.all([platform.newUser(), platform.newUser()]);
    const [leavingOnB, stayingOnB] = [replicaB(leaving.client), replicaB(staying.client)];
    expect((await leavingOnB.get('/api/keys')).status).toBe(200);
    expect((await stayingOnB.get('/api/keys')).status).toBe(200);
    await leaving.client.post('/api/auth/signout');
    expect((await waitFor(() => leavingOnB.get('/api/keys'), (response) => response.status === 401, WITHIN_MS)).status).toBe(401);
    const response = await stayingOnB.get('/api/keys');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ keys: [] });
  });
});
