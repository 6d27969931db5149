import { TestPlatform, type TestUser } from '@platform/testing';

const REFUSED = { error: 'Cross-site request refused' };

describe('Cross-site request refusal (CSRF)', () => {
  let platform: TestPlatform;
  let user: TestUser;

  beforeAll(async () => {
    platform = await TestPlatform.start();
  });

  beforeEach(async () => {
    user = await platform.newUser();
  });

  afterAll(async () => {
    await platform?.close();
  });

  const keyCount = async () => ((await user.client.get('/api/keys')).body.keys as unknown[]).length;

  it('refuses a cookie-authenticated POST /api/keys with Sec-Fetch-Site: cross-site', async () => {
    const response = await user.client.post('/api/keys', { name: 'csrf' }, { 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(REFUSED);
    expect(await keyCount()).toBe(0);
  });

  it('refuses a cookie-authenticated POST /api/keys from another Origin', async () => {
    const response = await user.client.post('/api/keys', { name: 'csrf' }, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(REFUSED);
    expect(await keyCount()).toBe(0);
  });

  it('refuses a cookie-authenticated cross-site DELETE', async () => {
    const made = await user.client.post('/api/keys', { name: 'kept' });
    const response = await user.client.delete(`/api/keys/${made.body.id}`, undefined, { 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(REFUSED);
    expect((await user.client.get(`/api/keys/${made.body.id}`)).status).toBe(200);
  });

  it('accepts a same-origin cookie-authenticated POST /api/keys', async () => {
    const response = await user.client.post('/api/keys', { name: 'same origin' }, {
      'sec-fetch-site': 'same-origin',
      origin: platform.webUrl,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual(expect.objectContaining({ name: 'same origin', key: expect.stringMatching(/^sk_/) }));
  });

  it('accepts a matching Origin without Sec-Fetch-Site', async () => {
    const response = await user.client.post('/api/keys', { name: 'origin only' }, { origin: platform.webUrl });
    expect(response.status).toBe(201);
    expect(response.body.name).toBe('origin only');
  });

  it('does not refuse a cross-site GET, which changes nothing', async () => {
    const response = await user.client.get('/api/keys', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ keys: [] });
  });

  it('does not refuse a bearer sk_ key with cross-site headers: it is not cookie-authenticated', async () => {
    const made = await user.client.post('/api/keys', { name: 'script' });
    const response = await platform.web().post('/api/keys', { name: 'by key' }, {
      authorization: `Bearer ${made.body.key}`,
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(201);
    expect(response.body.name).toBe('by key');
  });
});
