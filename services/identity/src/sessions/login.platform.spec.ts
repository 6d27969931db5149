import { TestPlatform } from '@platform/testing';

describe('POST /api/auth/login', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start();
  });

  afterAll(async () => {
    await platform.close();
  });

  it('signs in and sets the session cookie', async () => {
    const client = platform.web();
    const registered = await client.post('/api/register', { email: 'Smoke@Example.com', password: 'longenough' });
    expect(registered.status).toBe(201);
    const login = await client.post('/api/auth/login', { email: 'smoke@example.com', password: 'longenough' });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ ok: true, user: { id: registered.body.id, name: 'smoke@example.com' } });
    const session = await client.get('/api/auth/session');
    expect(session.body).toEqual({ user: { id: registered.body.id, name: 'smoke@example.com', email: 'smoke@example.com', isAdmin: false } });
  });
});
