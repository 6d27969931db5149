import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { credentialDigest, IDENTITY_MESSAGES as M, QUEUES } from '@platform/contracts';
import { TestPlatform, waitUntil, type TestUser } from '@platform/testing';

/** With a path, which the link must keep. */
const APP_URL = 'https://app.example.test/portal';
const NEW_PASSWORD = 'a brand new secret';

interface CaughtMail {
  to: string[];
  subject: string;
  text: string | null;
}

describe('password reset', () => {
  let platform: TestPlatform;
  let database: pg.Client;

  const mailTo = async (address: string): Promise<CaughtMail[]> => {
    const response = await fetch(`${platform.sandbox.url}/mail/messages?to=${encodeURIComponent(address)}`);
    return ((await response.json()) as { messages: CaughtMail[] }).messages;
  };

  /** The job mails asynchronously: wait for it, but not forever. */
  const waitForMail = (address: string, count = 1): Promise<CaughtMail[]> =>
    waitUntil(`${count} mails to ${address}`, () => mailTo(address), (mails) => mails.length >= count, 5000);

  const tokenIn = (mail: CaughtMail): string => {
    const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0];
    return new URL(link!).searchParams.get('token')!;
  };

  /** Both jobs done, so "no mail to the unknown address" is a result, not a race. */
  const waitForCompletedMailJobs = async (count: number): Promise<void> => {
    const redis = new Redis(platform.env.REDIS_URL!, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUES.identityMail, { connection: redis, prefix: `${platform.env.REDIS_PREFIX}bull` });
    try {
      await waitUntil(`${count} ${QUEUES.identityMail} jobs completed`, () => queue.getCompletedCount(), (completed) => completed >= count, 5000);
    } finally {
      await queue.close();
      redis.disconnect();
    }
  };

  const resetTokenFor = async (user: TestUser, mailsBefore = 0): Promise<string> => {
    const forgot = await platform.web().post('/api/auth/forgot-password', { email: user.email });
    expect(forgot.status).toBe(200);
    // The sandbox lists the newest mail first.
    return tokenIn((await waitForMail(user.email, mailsBefore + 1))[0]!);
  };

  const canSignIn = async (email: string, password: string) =>
    (await platform.web().post('/api/auth/login', { email, password })).status === 200;

  beforeAll(async () => {
    platform = await TestPlatform.start({ env: { APP_URL } });
    // The superuser the test database belongs to: it bypasses row-level security.
    database = new pg.Client({ connectionString: platform.env.DATABASE_URL });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await platform?.close();
  });

  describe('POST /api/auth/forgot-password', () => {
    it('answers the same for an existing and an unknown email, and mails a reset link to the existing one only', async () => {
      const user = await platform.newUser({ name: 'Margaret' });
      const unknown = `nobody-${Date.now()}@example.com`;

      const forUnknown = await platform.web().post('/api/auth/forgot-password', { email: unknown });
      const forUser = await platform.web().post('/api/auth/forgot-password', { email: user.email.toUpperCase() });

      expect(forUser.status).toBe(200);
      expect(forUser.body).toEqual({ ok: true, message: M.resetLinkSent });
      expect(forUnknown.status).toBe(forUser.status);
      expect(forUnknown.body).toEqual(forUser.body);
      const [mail] = await waitForMail(user.email);
      expect(mail).toMatchObject({ to: [user.email], subject: 'Reset your password' });
      expect(mail!.text).toMatch(/^Hello Margaret,/);
      expect(mail!.text).toMatch(new RegExp(`${APP_URL}/reset-password\\?token=[A-Za-z0-9_-]{40,}\\s`));
      await waitForCompletedMailJobs(2);
      expect(await mailTo(unknown)).toEqual([]);
    });

    it('returns 400 without an email', async () => {
      const response = await platform.web().post('/api/auth/forgot-password', {});

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.emailRequired });
    });

    it('returns 429 on the 4th request from one IP within 15 minutes', async () => {
      const client = platform.web();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await client.post('/api/auth/forgot-password', { email: `flood-${attempt}@example.com` })).status).toBe(200);
      }

      const response = await client.post('/api/auth/forgot-password', { email: 'flood-3@example.com' });

      expect(response.status).toBe(429);
      expect(response.body).toEqual({ error: 'Too many requests, please slow down.' });
      expect(response.headers.get('ratelimit-limit')).toBe('3');
    });
  });

  describe('POST /api/auth/reset-password', () => {
    it('returns 200; the new password signs in, the old does not, and every session is ended', async () => {
      const user = await platform.newUser();
      const other = platform.web();
      expect((await other.post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);
      // Both resolved once, so both sit in the gateway's cache when the reset ends them.
      for (const client of [user.client, other]) expect((await client.get('/api/auth/session')).body.user).toMatchObject({ id: user.id });
      const token = await resetTokenFor(user);

      const response = await platform.web().post('/api/auth/reset-password', { token, password: NEW_PASSWORD });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      for (const client of [user.client, other]) expect((await client.get('/api/auth/session')).body).toEqual({ user: null });
      expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
      expect(await canSignIn(user.email, user.password)).toBe(false);
    });

    it('returns 400 when the token is used a second time', async () => {
      const user = await platform.newUser();
      const token = await resetTokenFor(user);
      expect((await platform.web().post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);

      const response = await platform.web().post('/api/auth/reset-password', { token, password: 'yet another secret' });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.resetTokenInvalid });
      expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
    });

    it('returns 400 for another link of the same user once one was used', async () => {
      const user = await platform.newUser();
      const earlier = await resetTokenFor(user);
      const later = await resetTokenFor(user, 1);
      expect(later).not.toBe(earlier);
      expect((await platform.web().post('/api/auth/reset-password', { token: later, password: NEW_PASSWORD })).status).toBe(200);

      const response = await platform.web().post('/api/auth/reset-password', { token: earlier, password: 'yet another secret' });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.resetTokenInvalid });
      expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
    });

    it('returns 400 for a token that was never issued', async () => {
      const response = await platform.web().post('/api/auth/reset-password', { token: 'garbage', password: NEW_PASSWORD });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.resetTokenInvalid });
    });

    it('returns 400 for an expired token, and keeps the password', async () => {
      const user = await platform.newUser();
      const token = await resetTokenFor(user);
      const expired = await database.query(
        `UPDATE identity.password_resets SET expires_at = now() - interval '1 second' WHERE token_digest = $1`,
        [credentialDigest(token)],
      );
      expect(expired.rowCount).toBe(1);

      const response = await platform.web().post('/api/auth/reset-password', { token, password: NEW_PASSWORD });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.resetTokenInvalid });
      expect(await canSignIn(user.email, user.password)).toBe(true);
    });

    it('issues a token valid for one hour', async () => {
      const user = await platform.newUser();
      const before = Date.now();
      const token = await resetTokenFor(user);

      const { rows } = await database.query('SELECT expires_at, used_at FROM identity.password_resets WHERE token_digest = $1', [
        credentialDigest(token),
      ]);

      expect(rows).toHaveLength(1);
      expect(rows[0].used_at).toBeNull();
      expect((rows[0].expires_at as Date).getTime()).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
      expect((rows[0].expires_at as Date).getTime()).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000);
    });

    it('returns 400 for a new password shorter than 8 characters, and leaves the token unspent', async () => {
      const user = await platform.newUser();
      const token = await resetTokenFor(user);

      const response = await platform.web().post('/api/auth/reset-password', { token, password: 'short' });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.passwordTooShort });
      expect((await platform.web().post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('returns 400 without a token', async () => {
      const response = await platform.web().post('/api/auth/reset-password', { password: NEW_PASSWORD });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.resetTokenRequired });
    });
  });
});
