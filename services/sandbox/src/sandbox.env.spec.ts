import { ConfigError, loadEnv } from '@platform/config';
import { SandboxEnv } from './sandbox.env.js';

describe('SandboxEnv', () => {
  it('defaults to the dev ports, loopback and the sandbox secret', () => {
    expect({ ...loadEnv(SandboxEnv, {}) }).toEqual({
      SANDBOX_PORT: 4600,
      SANDBOX_SMTP_PORT: 2525,
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_BOT_CHECK_SECRET: 'sandbox-bot-check-secret',
    });
  });

  it('reads ports as numbers', () => {
    const sut = loadEnv(SandboxEnv, { SANDBOX_PORT: '8080', SANDBOX_SMTP_PORT: '0' });

    expect(sut.SANDBOX_PORT).toBe(8080);
    expect(sut.SANDBOX_SMTP_PORT).toBe(0);
  });

  it.each([
    ['SANDBOX_PORT', 'http', 'SANDBOX_PORT must be an integer number'],
    ['SANDBOX_SMTP_PORT', '70000', 'SANDBOX_SMTP_PORT must not be greater than 65535'],
  ])('names a malformed %s in one line', (name, value, reason) => {
    expect(() => loadEnv(SandboxEnv, { [name]: value })).toThrow(
      new ConfigError(`Invalid environment variable ${name} (got "${value}"): ${reason}`),
    );
  });

  it('does not echo a rejected bot-check secret', () => {
    expect(() => loadEnv(SandboxEnv, { SANDBOX_BOT_CHECK_SECRET: '' })).toThrow(
      new ConfigError('Invalid environment variable SANDBOX_BOT_CHECK_SECRET: SANDBOX_BOT_CHECK_SECRET should not be empty'),
    );
  });
});
