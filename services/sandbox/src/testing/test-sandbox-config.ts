import {
  DEFAULT_BILLING_WEBHOOK_SECRET, DEFAULT_BILLING_WEBHOOK_URL, DEFAULT_BOT_CHECK_SECRET, DEFAULT_CALENDAR_CLIENT_ID, DEFAULT_CALENDAR_CLIENT_SECRET, DEFAULT_CODE_HOST_CLIENT_ID,
  DEFAULT_CODE_HOST_CLIENT_SECRET, DEFAULT_IDP_CLIENT_ID, DEFAULT_IDP_CLIENT_SECRET, DEFAULT_STREAM_WEBHOOK_SECRET, DEFAULT_STREAM_WEBHOOK_URL,
  DEFAULT_STREAMING_TOKEN_ID, DEFAULT_STREAMING_TOKEN_SECRET, type SandboxConfig,
} from '../sandbox.config.js';

/** A config for an app a test builds itself (to reach a provider): loopback, free ports, the defaults. */
export function testSandboxConfig(overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  return {
    host: '127.0.0.1',
    httpPort: 0,
    smtpPort: 0,
    botCheckSecret: DEFAULT_BOT_CHECK_SECRET,
    billingWebhookUrl: DEFAULT_BILLING_WEBHOOK_URL,
    billingWebhookSecret: DEFAULT_BILLING_WEBHOOK_SECRET,
    idpClientId: DEFAULT_IDP_CLIENT_ID,
    idpClientSecret: DEFAULT_IDP_CLIENT_SECRET,
    codeHostClientId: DEFAULT_CODE_HOST_CLIENT_ID,
    codeHostClientSecret: DEFAULT_CODE_HOST_CLIENT_SECRET,
    calendarClientId: DEFAULT_CALENDAR_CLIENT_ID,
    calendarClientSecret: DEFAULT_CALENDAR_CLIENT_SECRET,
    streamWebhookUrl: DEFAULT_STREAM_WEBHOOK_URL,
    streamWebhookSecret: DEFAULT_STREAM_WEBHOOK_SECRET,
    streamingTokenId: DEFAULT_STREAMING_TOKEN_ID,
    streamingTokenSecret: DEFAULT_STREAMING_TOKEN_SECRET,
    ...overrides,
  };
}
