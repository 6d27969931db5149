import { IsIn, IsString, Matches } from 'class-validator';
import { EnvBoolean, EnvPort, Secret } from './env-decorators.js';
import { TracingEnv } from './tracing.env.js';

/**
 * Variables every service reads; each service's env class extends this one. Connection URLs are
 * secrets: they may carry passwords.
 */
export class CommonEnv extends TracingEnv {
  @Secret()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/platform';

  @Secret()
  @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Prefix for every Redis key, so parallel test runs and environments can share one server. */
  @Matches(/^[A-Za-z0-9:_-]*$/, { message: 'may hold only letters, digits, ":", "_" and "-"' })
  REDIS_PREFIX = '';

  @Secret()
  @Matches(/^(nats|tls|wss?):\/\/.+/, { message: 'must be a nats:// URL' })
  NATS_URL = 'nats://127.0.0.1:4222';

  /** Prefix for every NATS subject (ends with "."), so parallel test runs can share one server. */
  @Matches(/^([A-Za-z0-9_-]+\.)?$/, { message: 'must be empty or a token followed by "."' })
  NATS_PREFIX = '';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  /** Which roles this process runs: api (NATS handlers), worker (BullMQ processors), or both. */
  @IsString()
  @Matches(/^(api|worker)(,(api|worker))*$/, { message: 'must be "api", "worker" or "api,worker"' })
  ROLES = 'api,worker';

  /** Coalesce each turn's writes to a Redis or NATS connection into one (coalesced-writes.ts); false writes each at once. */
  @EnvBoolean() COALESCE_WRITES = true;

  /** Port of the ops server (GET /metrics, /livez, /readyz); 0 takes a free one, logged at boot. */
  @EnvPort() OPS_PORT = 0;

  /** Address the ops server listens on: Prometheus and the orchestrator's probes, never the public. */
  @IsString() OPS_HOST = '127.0.0.1';
}

export function hasRole(env: CommonEnv, role: 'api' | 'worker'): boolean {
  return env.ROLES.split(',').includes(role);
}
