import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import pg from 'pg';
import { EVENTS, IDENTITY_MESSAGES as M } from '@platform/contracts';
import { TestPlatform, waitUntil } from '@platform/testing';

const PASSWORD = 'correct horse battery';

describe('POST /api/register', () => {
  let platform: TestPlatform;
  let database: pg.Client;
  let nats: NatsConnection;
  let sequence = 0;

  const uniqueEmail = (label: string) => `${label}-${(sequence += 1)}-${Date.now()}@example.com`;
  const storedUser = async (email: string) =>
    (await database.query('SELECT * FROM identity.users WHERE email = $1', [email])).rows[0] as Record<string, unknown> | undefined;

  beforeAll(async () => {
    platform = await TestPlatform.start();
    // The superuser the test database belongs to: it bypasses row-level security, so it sees every row.
    database = new pg.Client({ connectionString: platform.env.DATABASE_URL });
    await database.connect();
    nats = await connect({ servers: platform.env.NATS_URL });
  });

  afterAll(async () => {
    await nats?.drain();
    await database?.end();
    await platform?.close();
  });

  it('returns 201 with id, email and name, lower-cases the email and defaults the name to it', async () => {
    const email = uniqueEmail('New.User').replace('@example.com', '@Example.COM');
    const response = await platform.web().post('/api/register', { email, password: PASSWORD });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(String), email: email.toLowerCase(), name: email.toLowerCase() });
    expect(await storedUser(email.toLowerCase())).toMatchObject({
      id: response.body.id,
      name: email.toLowerCase(),
      password_hash: expect.stringMatching(/^scrypt\$/),
      plan: 'free',
      subscription_status: 'inactive',
      referral_code: expect.stringMatching(/^[0-9A-Z]{8}$/),
      referred_by: null,
    });
  });

  it('keeps the given name', async () => {
    const email = uniqueEmail('named');
    const response = await platform.web().post('/api/register', { email, password: PASSWORD, name: 'Ada Lovelace' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(String), email, name: 'Ada Lovelace' });
  });

  it('creates no session: no cookie is set and the client is still signed out', async () => {
    const client = platform.web();
    const response = await client.post('/api/register', { email: uniqueEmail('nocookie'), password: PASSWORD });

    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual([]);
    const session = await client.get('/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ user: null });
  });

  it.each([
    ['email is missing', { password: PASSWORD }, M.credentialsRequired],
    ['password is missing', { email: 'missing-password@example.com' }, M.credentialsRequired],
    ['email is invalid', { email: 'not-an-email', password: PASSWORD }, M.invalidEmail],
    ['password is shorter than 8 characters', { email: 'short-password@example.com', password: 'seven77' }, M.passwordTooShort],
    ['referral code is malformed', { email: 'malformed-code@example.com', password: PASSWORD, referralCode: 'no spaces!' }, M.invalidReferralCode],
    ['referral code is too long', { email: 'long-code@example.com', password: PASSWORD, referralCode: 'A'.repeat(21) }, M.invalidReferralCode],
    ['referral code is unknown', { email: 'unknown-code@example.com', password: PASSWORD, referralCode: 'NOSUCH-CODE' }, M.invalidReferralCode],
  ])('returns 400 when the %s and creates no user', async (_case, body, message) => {
    const response = await platform.web().post('/api/register', body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
    if ('email' in body && typeof body.email === 'string') expect(await storedUser(body.email)).toBeUndefined();
  });

  it('returns 409 when the user exists', async () => {
    const email = uniqueEmail('taken');
    expect((await platform.web().post('/api/register', { email, password: PASSWORD })).status).toBe(201);

    const response = await platform.web().post('/api/register', { email, password: 'another password' });

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: M.userExists });
  });

  it('returns 409 when the user exists under the same email in another case', async () => {
    const email = uniqueEmail('cased');
    expect((await platform.web().post('/api/register', { email, password: PASSWORD })).status).toBe(201);

    const response = await platform.web().post('/api/register', { email: email.toUpperCase(), password: PASSWORD });

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: M.userExists });
  });

  it('returns 403 when the honeypot field is filled and creates no user', async () => {
    const email = uniqueEmail('honeypot');
    const response = await platform.web().post('/api/register', { email, password: PASSWORD, website: 'https://spam.example' });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: M.botDetected, code: 'BOT_CHECK_FAILED' });
    expect(await storedUser(email)).toBeUndefined();
  });

  it('accepts a 64-character password that then signs in', async () => {
    const client = platform.web();
    const email = uniqueEmail('longpass');
    const password = 'p'.repeat(63) + '!';

    const response = await client.post('/api/register', { email, password });

    expect(response.status).toBe(201);
    const login = await client.post('/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ ok: true, user: { id: response.body.id, name: email } });
  });

  it('returns 429 with the spec message and RateLimit-* headers after 5 registrations from one IP', async () => {
    const client = platform.web();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const allowed = await client.post('/api/register', { email: uniqueEmail('limited'), password: PASSWORD });
      expect(allowed.status).toBe(201);
      expect(allowed.headers.get('ratelimit-remaining')).toBe(String(5 - attempt));
    }

    const email = uniqueEmail('limited');
    const response = await client.post('/api/register', { email, password: PASSWORD });

    expect(response.status).toBe(429);
    expect(response.body).toEqual({ error: 'Too many requests, please slow down.' });
    expect(response.headers.get('ratelimit-limit')).toBe('5');
    expect(response.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(Number(response.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(3600);
    expect([...response.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    expect(await storedUser(email)).toBeUndefined();
  });

  describe('with a referral code', () => {
    let events: Subscription;
    const received: Array<Record<string, unknown>> = [];

    beforeAll(async () => {
      events = nats.subscribe(`${platform.env.NATS_PREFIX}${EVENTS.identity.userRegistered}`, {
        callback: (error, message) => {
          if (!error) received.push(message.json());
        },
      });
      await nats.flush();
    });

    afterAll(() => events.unsubscribe());

    const eventFor = async (userId: string) => (await waitUntil(
      `${EVENTS.identity.userRegistered} for ${userId}`,
      async () => received.find((event) => event.userId === userId),
      (event) => event !== undefined,
      5000,
    ))!;

    it('links the referrer (code case-insensitive) and publishes user_registered with referrerId', async () => {
      const referrer = await platform.newUser();
      const { referralCode } = (await referrer.client.get('/api/user')).body.user as { referralCode: string };
      const email = uniqueEmail('referred');

      const response = await platform.web().post('/api/register', { email, password: PASSWORD, referralCode: referralCode.toLowerCase() });

      expect(response.status).toBe(201);
      expect(response.body).toEqual({ id: expect.any(String), email, name: email });
      expect(await storedUser(email)).toMatchObject({ referred_by: referrer.id });
      expect(await eventFor(response.body.id)).toEqual({
        eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: response.body.id,
        email,
        referrerId: referrer.id,
        referralCode,
      });
    });

    it('publishes user_registered without a referrer when no code is given', async () => {
      const email = uniqueEmail('unreferred');

      const response = await platform.web().post('/api/register', { email, password: PASSWORD });

      expect(response.status).toBe(201);
      expect(await eventFor(response.body.id)).toEqual({ eventId: expect.any(String), userId: response.body.id, email });
    });
  });
});
