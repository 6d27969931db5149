import { ConfigError, loadEnv, TracingEnv } from '@platform/config';
import { SandboxEnv } from './sandbox.env.js';

describe('SandboxEnv', () => {
  it('defaults to the dev ports, loopback, the sandbox secrets and the dev billing and streaming webhooks', () => {
    expect({ ...loadEnv(SandboxEnv, {}) }).toEqual({
      ...new TracingEnv(),
      SANDBOX_PORT: 4600,
      SANDBOX_SMTP_PORT: 2525,
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_BOT_CHECK_SECRET: 'sandbox-bot-check-secret',
      SANDBOX_BILLING_WEBHOOK_URL: 'http://127.0.0.1:3000/api/billing/webhook',
      SANDBOX_BILLING_WEBHOOK_SECRET: 'whsec_sandbox_dev_secret',
      SANDBOX_STREAM_WEBHOOK_URL: 'http://127.0.0.1:3000/api/webhooks/stream',
      SANDBOX_STREAM_WEBHOOK_SECRET: 'sandbox-stream-signing-secret',
    });
  });

  it('takes a billing webhook URL on a host without a TLD, as compose names services', () => {
    const sut = loadEnv(SandboxEnv, { SANDBOX_BILLING_WEBHOOK_URL: 'http://gateway:3000/api/billing/webhook' });

    expect(sut.SANDBOX_BILLING_WEBHOOK_URL).toBe('http://gateway:3000/api/billing/webhook');
  });

  it('reads ports as numbers', () => {
    const sut = loadEnv(SandboxEnv, { SANDBOX_PORT: '8080', SANDBOX_SMTP_PORT: '0' });

    expect(sut.SANDBOX_PORT).toBe(8080);
    expect(sut.SANDBOX_SMTP_PORT).toBe(0);
  });

  it.each([
    ['SANDBOX_PORT', 'http', 'SANDBOX_PORT must be an integer number'],
    ['SANDBOX_SMTP_PORT', '70000', 'SANDBOX_SMTP_PORT must not be greater than 65535'],
    ['SANDBOX_BILLING_WEBHOOK_URL', '127.0.0.1:3000/api/billing/webhook', 'SANDBOX_BILLING_WEBHOOK_URL must be a URL address'],
  ])('names a malformed %s in one line', (name, value, reason) => {
    expect(() => loadEnv(SandboxEnv, { [name]: value })).toThrow(
      new ConfigError(`Invalid environment variable ${name} (got "${value}"): ${reason}`),
    );
  });

  it.each(['SANDBOX_BOT_CHECK_SECRET', 'SANDBOX_BILLING_WEBHOOK_SECRET'])('does not echo a rejected %s', (name) => {
    expect(() => loadEnv(SandboxEnv, { [name]: '' })).toThrow(
      new ConfigError(`Invalid environment variable ${name}: ${name} should not be empty`),
    );
  });
});
