import { CommonEnv, EnvInt, Secret } from '@platform/config';
import { AI_CHAT_TIMEOUT_MS } from '@platform/contracts';
import { IsString, Matches, Max } from 'class-validator';

const URL_RULE = [/^https?:\/\/.+/, { message: 'must be an http(s) URL' }] as const;

/**
 * Vendor base URLs default to the sandbox (`npm start` runs it on 4600, any key is accepted there),
 * so the platform chats offline; production sets each to the vendor and its key. A provider with an
 * empty key is not configured: it is skipped and listed as unavailable, and without the aggregator's
 * key the demo chat answers 503.
 */
export class AiGatewayEnv extends CommonEnv {
  /** Comma-separated, compared case-insensitively: these x-user-email values bypass plan and subscription. */
  @IsString() ADMIN_EMAILS = '';

  /** How long a chat waits for billing's account state of a platform user before it is 503. */
  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;

  /** One attempt at one model (platform-core section 8). */
  @EnvInt(1) AI_MODEL_TIMEOUT_MS = 30_000;

  /**
   * All attempts of one chat: none starts after it, and the running one ends with it. Below the
   * edge's AI_CHAT_TIMEOUT_MS so the caller gets the service's answer, not the edge's 504.
   */
  @Max(AI_CHAT_TIMEOUT_MS - 1) @EnvInt(1) AI_CHAT_BUDGET_MS = AI_CHAT_TIMEOUT_MS - 5_000;

  /**
   * How long a quota reservation holds without being settled or released before it is released on
   * its own: past AI_CHAT_BUDGET_MS, so only a holder that died or hung loses it, never one still answering.
   */
  @EnvInt(1) AI_QUOTA_LEASE_MS = AI_CHAT_TIMEOUT_MS + 5_000;

  /** How long an open provider breaker skips that provider before letting one call test it. */
  @EnvInt(1) AI_BREAKER_RESET_MS = 30_000;

  /** Share of failed calls (percent) in the last 10 s that opens a provider's breaker. */
  @EnvInt(1) AI_BREAKER_ERROR_PERCENT = 50;

  /** Calls in the last 10 s before a provider's breaker may open. */
  @EnvInt(1) AI_BREAKER_VOLUME = 5;

  /** The aggregator (chat-completions protocol). */
  @Matches(...URL_RULE) OPENROUTER_BASE_URL = 'http://127.0.0.1:4600/openrouter/api/v1';
  @Secret() @IsString() OPENROUTER_API_KEY = 'sandbox-key';

  /** The direct vendor (messages protocol); the URL is the host, requests go to /v1/messages. */
  @Matches(...URL_RULE) ANTHROPIC_BASE_URL = 'http://127.0.0.1:4600/anthropic';
  @Secret() @IsString() ANTHROPIC_API_KEY = 'sandbox-key';
  @IsString() ANTHROPIC_VERSION = '2023-06-01';

  @Matches(...URL_RULE) OPENAI_BASE_URL = 'http://127.0.0.1:4600/openai/v1';
  @Secret() @IsString() OPENAI_API_KEY = 'sandbox-key';

  /**
   * How long billing's answer about a platform user is used before billing is asked again; a change
   * billing announces (plan, status, own key) drops it at once on every replica.
   */
  @EnvInt(1) AI_BILLING_CACHE_MS = 5_000;

  /** How long billing's last answer stands in while billing cannot answer; past it such a chat is 503. */
  @EnvInt(1) AI_BILLING_STALE_MS = 300_000;

  /** How long a chat waits for billing when a last answer is on hand to fall back on. */
  @EnvInt(1) AI_BILLING_TIMEOUT_MS = 1_000;

  /** Usage events kept in memory while Redis refuses them; past this many, new ones are dropped. */
  @EnvInt(1) USAGE_BUFFER_SIZE = 1000;

  /** How often buffered usage events are offered to Redis again. */
  @EnvInt(1) USAGE_RETRY_MS = 1000;
}
