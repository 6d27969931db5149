import { EnvInt, EnvPort, Secret } from '@platform/config';
import { IsIn, IsString, IsUUID, Matches, MinLength } from 'class-validator';

/** What the hosting provider hands an agent process; anything invalid stops it with exit code 78. */
export class RuntimeEnv {
  @IsUUID() AGENT_ID = '';
  @MinLength(1) @IsString() AGENT_USER_ID = '';
  @IsString() AGENT_PLAN = 'label';
  @IsString() AGENT_MODEL = 'claude-opus-4-6';
  /** The agent's free-form config as JSON (see runtime-config.ts). */
  @IsString() AGENT_CONFIG = '{}';

  @IsString() HOST = '127.0.0.1';
  /** The spec's internal runtime port; the local provider gives each agent its own. */
  @EnvPort() PORT = 18789;
  /** Tries to listen on PORT while another socket holds it; past the last, boot fails (exit code 1). */
  @EnvInt(1) LISTEN_ATTEMPTS = 5;
  /** Wait before the second try, doubled before each later one (0.25 + 0.5 + 1 + 2 s by default). */
  @EnvInt(1) LISTEN_BACKOFF_MS = 250;

  /** Callers other than the probes present this as `Authorization: Bearer`. */
  @Secret() @MinLength(16) @IsString() GATEWAY_TOKEN = '';

  /** The platform's backend API; the AI layer is reached through it. Empty: messages answer 503. */
  @Matches(/^(https?:\/\/.+)?$/, { message: 'must be an http(s) URL or empty' }) BACKEND_URL = '';
  @Secret() @IsString() INTERNAL_API_KEY = '';
  /** Sent as x-billing-subscription-id (docs/agents.md, "The runtime and the AI layer"). */
  @IsString() BILLING_SUBSCRIPTION_ID = '';

  /** Tool usage goes to the `usage.tools` queue here; empty turns recording off. */
  @Secret() @Matches(/^(rediss?:\/\/.+)?$/, { message: 'must be a redis:// URL or empty' }) REDIS_URL = '';
  @Matches(/^[A-Za-z0-9:_-]*$/) REDIS_PREFIX = '';
  /** Tool usage jobs kept in memory while Redis refuses them; past this many, new ones are dropped. */
  @EnvInt(1) TOOL_USAGE_BUFFER_SIZE = 1000;
  /** How often held tool usage jobs are offered to Redis again. */
  @EnvInt(1) TOOL_USAGE_RETRY_MS = 1000;

  /** Where the memory store and message history live, so a re-created runtime keeps them. */
  @MinLength(1) @IsString() DATA_DIR = '';

  /** The plan's memory, reported in GET /health; the heap cap itself is a node flag set by the provider. */
  @EnvInt(0) MEMORY_LIMIT_BYTES = 0;
  /** The AI layer may try three models of 30 s before it answers; below the agents service's wait. */
  @EnvInt(1) AI_TIMEOUT_MS = 92_000;
  /** How long a backend reachability answer is reused by /readyz. */
  @EnvInt(0) READINESS_CACHE_MS = 2000;
  /** Below the watchdog's 5 s probe, so a hanging backend reads as failing: [backend], not as a timeout. */
  @EnvInt(1) READINESS_PROBE_TIMEOUT_MS = 2000;

  /** Bus messageIds remembered to tell a redelivery from a new message. */
  @EnvInt(1) BUS_DEDUP_MAX = 10_000;
  /** Tries of one reply send through the bus (5xx or no answer is tried again); then it is logged and dropped. */
  @EnvInt(1) BUS_SEND_ATTEMPTS = 5;
  /** Wait before the second try, doubled before each later one (1 + 2 + 4 + 8 s by default). */
  @EnvInt(1) BUS_SEND_BACKOFF_MS = 1000;
  /** Per try: the bus answers once the message is durably accepted, signing included. */
  @EnvInt(1) BUS_SEND_TIMEOUT_MS = 10_000;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL = 'info';
}
