import { IDENTITY_MESSAGES as M } from '@platform/contracts';
import { TestPlatform } from '@platform/testing';

const PASSWORD = 'correct horse battery';
const BOT_CHECK_FAILED = { error: M.botDetected, code: 'BOT_CHECK_FAILED' };

let sequence = 0;
const uniqueEmail = () => `bot-check-${(sequence += 1)}-${Date.now()}@example.com`;

/** A token the platform's sandbox verifier issued and would accept. */
const freshTokenFrom = async (platform: TestPlatform): Promise<string> => {
  const response = await fetch(`${platform.sandbox.url}/bot-check/tokens`, { method: 'POST' });
  return ((await response.json()) as { token: string }).token;
};

/** Whether the account exists, seen through sign-in rather than the table. */
const canSignInOn = async (platform: TestPlatform, email: string) =>
  (await platform.web().post('/api/auth/login', { email, password: PASSWORD })).status === 200;

describe('POST /api/register with the bot check on', () => {
  let platform: TestPlatform;

  const freshToken = () => freshTokenFrom(platform);
  const canSignIn = (email: string) => canSignInOn(platform, email);

  beforeAll(async () => {
    // The sandbox's default secret: its siteverify accepts the tokens it issued.
    platform = await TestPlatform.start({ env: { BOT_CHECK_SECRET: 'sandbox-bot-check-secret' } });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('returns 403 without a token', async () => {
    const email = uniqueEmail();
    const response = await platform.web().post('/api/register', { email, password: PASSWORD });

    expect(response.status).toBe(403);
    expect(response.body).toEqual(BOT_CHECK_FAILED);
    expect(await canSignIn(email)).toBe(false);
  });

  it('returns 403 with a token the verifier never issued', async () => {
    const email = uniqueEmail();
    const response = await platform.web().post('/api/register', { email, password: PASSWORD, botToken: 'made-up-token' });

    expect(response.status).toBe(403);
    expect(response.body).toEqual(BOT_CHECK_FAILED);
    expect(await canSignIn(email)).toBe(false);
  });

  it('returns 201 with a fresh token', async () => {
    const email = uniqueEmail();
    const response = await platform.web().post('/api/register', { email, password: PASSWORD, botToken: await freshToken() });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(String), email, name: email });
    expect(await canSignIn(email)).toBe(true);
  });

  it('returns 403 when a token is used a second time', async () => {
    const botToken = await freshToken();
    expect((await platform.web().post('/api/register', { email: uniqueEmail(), password: PASSWORD, botToken })).status).toBe(201);
    const email = uniqueEmail();

    const response = await platform.web().post('/api/register', { email, password: PASSWORD, botToken });

    expect(response.status).toBe(403);
    expect(response.body).toEqual(BOT_CHECK_FAILED);
    expect(await canSignIn(email)).toBe(false);
  });

  it('returns 403 when the honeypot is filled, even with a valid token', async () => {
    const email = uniqueEmail();
    const response = await platform.web().post('/api/register', {
      email, password: PASSWORD, botToken: await freshToken(), website: 'https://spam.example',
    });

    expect(response.status).toBe(403);
    expect(response.body).toEqual(BOT_CHECK_FAILED);
    expect(await canSignIn(email)).toBe(false);
  });
});

describe('POST /api/register with the bot check on and its verifier unreachable (docs/spec-decisions.md row 12)', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    // Port 1: nothing listens there, so siteverify fails to connect.
    platform = await TestPlatform.start({
      env: { BOT_CHECK_SECRET: 'sandbox-bot-check-secret', BOT_CHECK_VERIFY_URL: 'http://127.0.0.1:1/siteverify' },
    });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('returns 403 even with a token the sandbox issued: the check fails closed', async () => {
    const email = uniqueEmail();
    const response = await platform.web().post('/api/register', { email, password: PASSWORD, botToken: await freshTokenFrom(platform) });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'Bot detection failed', code: 'BOT_CHECK_FAILED' });
    expect(await canSignInOn(platform, email)).toBe(false);
  });
});
