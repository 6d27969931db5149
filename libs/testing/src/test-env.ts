import { randomBytes } from 'node:crypto';
import type { EnvSource } from '@platform/config';
import { INFRA } from './infra-urls.js';

export const TEST_INTERNAL_API_KEY = 'test-internal-key';

/**
 * What every service of one test file shares: its own database, its own NATS subject prefix and
 * Redis key prefix, so test files run in parallel on one set of servers without meeting.
 */
export function testEnv(databaseUrl: string, overrides: EnvSource = {}): EnvSource {
  const run = randomBytes(5).toString('hex');
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    REDIS_URL: INFRA.redisUrl,
    REDIS_PREFIX: `t${run}:`,
    NATS_URL: INFRA.natsUrl,
    NATS_PREFIX: `t${run}.`,
    WEB_PORT: '0',
    BACKEND_PORT: '0',
    SUMMARIZER_PORT: '0',
    INTERNAL_API_KEY: TEST_INTERNAL_API_KEY,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    TRUST_PROXY: 'true',
    ...overrides,
  };
}
