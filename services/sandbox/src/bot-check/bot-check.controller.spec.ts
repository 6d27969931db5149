import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Clock } from '../clock.service.js';
import { createSandboxApp } from '../sandbox.app.js';
import { startSandbox, type RunningSandbox } from '../sandbox.js';
import { testSandboxConfig } from '../testing/test-sandbox-config.js';
import { TOKEN_TTL_MS } from './bot-check.service.js';
import type { SiteverifyResponse } from './siteverify-response.dto.js';

const SECRET = 'test-bot-check-secret';

const issueToken = async (baseUrl: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/bot-check/tokens`, { method: 'POST' });
  return ((await response.json()) as { token: string }).token;
};

const siteverify = async (baseUrl: string, fields: Record<string, string>) => {
  const response = await fetch(`${baseUrl}/bot-check/siteverify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  return { status: response.status, body: (await response.json()) as SiteverifyResponse };
};

describe('BotCheckController', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, botCheckSecret: SECRET });
  });

  afterAll(() => sandbox.close());

  describe('POST /bot-check/tokens', () => {
    it('returns 200 with a new token each time', async () => {
      const first = await fetch(`${sandbox.url}/bot-check/tokens`, { method: 'POST' });
      const second = await fetch(`${sandbox.url}/bot-check/tokens`, { method: 'POST' });

      expect(first.status).toBe(200);
      const { token } = (await first.json()) as { token: string };
      expect(token).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/));
      expect(((await second.json()) as { token: string }).token).not.toBe(token);
    });
  });

  describe('POST /bot-check/siteverify', () => {
    it('succeeds for a fresh token and the configured secret', async () => {
      const before = Date.now();
      const token = await issueToken(sandbox.url);

      const { status, body } = await siteverify(sandbox.url, { secret: SECRET, response: token, remoteip: '203.0.113.7' });

      expect(status).toBe(200);
      expect(body).toEqual({
        success: true,
        'error-codes': [],
        challenge_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        hostname: 'localhost',
      });
      expect(Date.parse(body.challenge_ts ?? '')).toBeGreaterThanOrEqual(before - 1000);
    });

    it('accepts an application/x-www-form-urlencoded body, as Turnstile does', async () => {
      const token = await issueToken(sandbox.url);

      const response = await fetch(`${sandbox.url}/bot-check/siteverify`, {
        method: 'POST',
        body: new URLSearchParams({ secret: SECRET, response: token }),
      });

      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ success: true, 'error-codes': [] });
    });

    it('fails with missing-input-secret when no secret is sent', async () => {
      const token = await issueToken(sandbox.url);

      const { status, body } = await siteverify(sandbox.url, { response: token });

      expect(status).toBe(200);
      expect(body).toEqual({ success: false, 'error-codes': ['missing-input-secret'] });
    });

    it('fails with invalid-input-secret when the secret is not the sandbox secret', async () => {
      const token = await issueToken(sandbox.url);

      const { status, body } = await siteverify(sandbox.url, { secret: 'not-the-secret', response: token });

      expect(status).toBe(200);
      expect(body).toEqual({ success: false, 'error-codes': ['invalid-input-secret'] });
    });

    it('fails with missing-input-response when no token is sent', async () => {
      const { status, body } = await siteverify(sandbox.url, { secret: SECRET });

      expect(status).toBe(200);
      expect(body).toEqual({ success: false, 'error-codes': ['missing-input-response'] });
    });

    it('fails with invalid-input-response for a token the sandbox never issued', async () => {
      const { status, body } = await siteverify(sandbox.url, { secret: SECRET, response: 'never-issued' });

      expect(status).toBe(200);
      expect(body).toEqual({ success: false, 'error-codes': ['invalid-input-response'] });
    });

    it('fails with timeout-or-duplicate when a token is verified a second time', async () => {
      const token = await issueToken(sandbox.url);
      await siteverify(sandbox.url, { secret: SECRET, response: token });

      const { status, body } = await siteverify(sandbox.url, { secret: SECRET, response: token });

      expect(status).toBe(200);
      expect(body).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
    });

    it('does not spend the token on a request with a wrong secret', async () => {
      const token = await issueToken(sandbox.url);
      await siteverify(sandbox.url, { secret: 'not-the-secret', response: token });

      const { body } = await siteverify(sandbox.url, { secret: SECRET, response: token });

      expect(body).toMatchObject({ success: true });
    });
  });

  describe('POST /bot-check/siteverify with a token older than 300 s', () => {
    let app: NestFastifyApplication;
    let baseUrl: string;
    let now = Date.now();

    beforeAll(async () => {
      app = await createSandboxApp(testSandboxConfig({ botCheckSecret: SECRET }));
      app.get(Clock).now = () => now;
      await app.listen(0, '127.0.0.1');
      baseUrl = await app.getUrl();
    });

    afterAll(() => app.close());

    it('fails with timeout-or-duplicate', async () => {
      const token = await issueToken(baseUrl);
      now += TOKEN_TTL_MS + 1;

      const { status, body } = await siteverify(baseUrl, { secret: SECRET, response: token });

      expect(status).toBe(200);
      expect(body).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
    });
  });
});
