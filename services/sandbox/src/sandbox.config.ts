export const SANDBOX_CONFIG = Symbol('SANDBOX_CONFIG');

export const DEFAULT_BOT_CHECK_SECRET = 'sandbox-bot-check-secret';

/** Where `npm start` serves the platform's billing webhook (the web surface's port). */
export const DEFAULT_BILLING_WEBHOOK_URL = 'http://127.0.0.1:3000/api/billing/webhook';

export const DEFAULT_BILLING_WEBHOOK_SECRET = 'whsec_sandbox_dev_secret';

/** The platform's client at the identity provider and at the code host, as `npm start` configures identity. */
export const DEFAULT_IDP_CLIENT_ID = 'sandbox-idp-client';
export const DEFAULT_IDP_CLIENT_SECRET = 'sandbox-idp-secret';
export const DEFAULT_CODE_HOST_CLIENT_ID = 'sandbox-code-host-client';
export const DEFAULT_CODE_HOST_CLIENT_SECRET = 'sandbox-code-host-secret';
export const DEFAULT_CALENDAR_CLIENT_ID = 'sandbox-calendar-client';
export const DEFAULT_CALENDAR_CLIENT_SECRET = 'sandbox-calendar-secret';

/** Where `npm start` serves the platform's streaming webhook, and the secret both sides share. */
export const DEFAULT_STREAM_WEBHOOK_URL = 'http://127.0.0.1:3000/api/webhooks/stream';
export const DEFAULT_STREAM_WEBHOOK_SECRET = 'sandbox-stream-signing-secret';
/** The platform's access token at the streaming provider (HTTP Basic, as the provider's SDK sends it). */
export const DEFAULT_STREAMING_TOKEN_ID = 'sandbox-streaming-token';
export const DEFAULT_STREAMING_TOKEN_SECRET = 'sandbox-streaming-secret';

export interface SandboxConfig {
  host: string;
  /** 0 picks a free port, so parallel test files never collide. */
  httpPort: number;
  smtpPort: number;
  botCheckSecret: string;
  /** Where the payment processor delivers its events; PUT /stripe/webhook changes it at runtime. */
  billingWebhookUrl: string;
  billingWebhookSecret: string;
  idpClientId: string;
  idpClientSecret: string;
  codeHostClientId: string;
  codeHostClientSecret: string;
  calendarClientId: string;
  calendarClientSecret: string;
  /** Where the streaming provider delivers its events; PUT /mux/webhook changes it at runtime. */
  streamWebhookUrl: string;
  streamWebhookSecret: string;
  streamingTokenId: string;
  streamingTokenSecret: string;
}
