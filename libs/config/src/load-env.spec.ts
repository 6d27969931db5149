import { IsString } from 'class-validator';
import { CommonEnv } from './common.env.js';
import { EnvBoolean, EnvPort, Secret } from './env-decorators.js';
import { ConfigError, loadEnv, redactEnv } from './load-env.js';

class SampleEnv extends CommonEnv {
  @EnvPort() PORT = 3000;
  @EnvBoolean() SECURE = false;
  @Secret() @IsString() API_KEY = '';
}

describe('loadEnv', () => {
  it('keeps the defaults of variables that are not set', () => {
    const sut = loadEnv(SampleEnv, {});
    expect(sut.PORT).toBe(3000);
    expect(sut.NATS_URL).toBe('nats://127.0.0.1:4222');
  });

  it('converts numbers and booleans', () => {
    const sut = loadEnv(SampleEnv, { PORT: '8080', SECURE: 'true' });
    expect(sut.PORT).toBe(8080);
    expect(sut.SECURE).toBe(true);
  });

  it('names a malformed variable in one line', () => {
    expect(() => loadEnv(SampleEnv, { PORT: 'eighty' })).toThrow(
      new ConfigError('Invalid environment variable PORT (got "eighty"): PORT must be an integer number'),
    );
  });

  it('does not echo the value of a malformed secret', () => {
    class Strict extends SampleEnv {
      @Secret() @EnvPort() SECRET_PORT = 1;
    }
    expect(() => loadEnv(Strict, { SECRET_PORT: 'hunter2' })).toThrow(/^Invalid environment variable SECRET_PORT: /);
  });

  it('redacts secrets for logging', () => {
    expect(redactEnv(loadEnv(SampleEnv, { API_KEY: 'k' })).API_KEY).toBe('[redacted]');
  });
});
