import type { AddressInfo } from 'node:net';
import type { Address, Hex } from 'viem';
import { ChainNodes } from './chain/chain-nodes.service.js';
import { TREASURY } from './chain/treasury.js';
import { SmtpListener } from './mail/smtp-listener.service.js';
import { IDP_PREFIX, SandboxIdp } from './idp/sandbox-idp.service.js';
import { createSandboxApp } from './sandbox.app.js';
import {
  DEFAULT_BILLING_WEBHOOK_SECRET, DEFAULT_BILLING_WEBHOOK_URL, DEFAULT_BOT_CHECK_SECRET, DEFAULT_CALENDAR_CLIENT_ID, DEFAULT_CALENDAR_CLIENT_SECRET, DEFAULT_CODE_HOST_CLIENT_ID,
  DEFAULT_CODE_HOST_CLIENT_SECRET, DEFAULT_IDP_CLIENT_ID, DEFAULT_IDP_CLIENT_SECRET, DEFAULT_STREAM_WEBHOOK_SECRET, DEFAULT_STREAM_WEBHOOK_URL,
  DEFAULT_STREAMING_TOKEN_ID, DEFAULT_STREAMING_TOKEN_SECRET, type SandboxConfig,
} from './sandbox.config.js';

export interface SandboxOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  httpPort?: number;
  /** 0 (the default) picks a free port. */
  smtpPort?: number;
  botCheckSecret?: string;
  billingWebhookUrl?: string;
  billingWebhookSecret?: string;
  idpClientId?: string;
  idpClientSecret?: string;
  codeHostClientId?: string;
  codeHostClientSecret?: string;
  calendarClientId?: string;
  calendarClientSecret?: string;
  streamWebhookUrl?: string;
  streamWebhookSecret?: string;
}

export interface RunningSandbox {
  /** HTTP base URL, without a trailing slash. */
  url: string;
  smtpPort: number;
  smtpUrl: string;
  botCheckSecret: string;
  /** Base URLs of the LLM vendors, as each vendor's own client configures them. */
  llm: { openrouter: string; anthropic: string; openai: string };
  /**
   * The payment processor as its SDK is configured: `new Stripe(key, { host: apiHost, port: apiPort,
   * protocol: 'http' })`. The webhook secret is the one the sandbox started with.
   */
  payments: { apiHost: string; apiPort: number; protocol: 'http'; webhookSecret: string };
  /**
   * JSON-RPC URL of each sandbox chain by chain id (`{url}/chain/<chainId>`), as a provider's RPC URL is
   * configured; and the treasury, an account with native gas on every chain and USDC on base-sepolia.
   */
  chain: { rpcUrls: Record<number, string>; treasury: { address: Address; privateKey: Hex } };
  /** The identity provider: its issuer (trailing slash), the platform's client, and its RISC configuration. */
  idp: { issuer: string; clientId: string; clientSecret: string; riscConfigurationUrl: string };
  /** The code host: its OAuth base (`/login/oauth/...`), its API base (`/user`, `/user/emails`) and the platform's client. */
  codeHost: { url: string; apiUrl: string; clientId: string; clientSecret: string };
  /** The calendar provider as OAuth2Client (`endpoints`) and the calendar SDK (`rootUrl`) are configured, and the platform's client. */
  calendar: { authUrl: string; tokenUrl: string; apiUrl: string; clientId: string; clientSecret: string };
  /** The data-feed provider's base ({feed_upstream_url}) and the soul service's ({soul_url}). */
  feeds: { upstreamUrl: string; soulUrl: string };
  /**
   * The streaming provider as its SDK is configured (`new Mux({ baseURL: apiUrl, tokenId, tokenSecret })`), where its
   * stream host serves playback, and the secret its webhooks are signed with.
   */
  streaming: { apiUrl: string; tokenId: string; tokenSecret: string; playbackUrl: string; playerUrl: string; webhookSecret: string };
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const config: SandboxConfig = {
    host: options.host ?? '127.0.0.1',
    httpPort: options.httpPort ?? 0,
    smtpPort: options.smtpPort ?? 0,
    botCheckSecret: options.botCheckSecret ?? DEFAULT_BOT_CHECK_SECRET,
    billingWebhookUrl: options.billingWebhookUrl ?? DEFAULT_BILLING_WEBHOOK_URL,
    billingWebhookSecret: options.billingWebhookSecret ?? DEFAULT_BILLING_WEBHOOK_SECRET,
    idpClientId: options.idpClientId ?? DEFAULT_IDP_CLIENT_ID,
    idpClientSecret: options.idpClientSecret ?? DEFAULT_IDP_CLIENT_SECRET,
    codeHostClientId: options.codeHostClientId ?? DEFAULT_CODE_HOST_CLIENT_ID,
    codeHostClientSecret: options.codeHostClientSecret ?? DEFAULT_CODE_HOST_CLIENT_SECRET,
    calendarClientId: options.calendarClientId ?? DEFAULT_CALENDAR_CLIENT_ID,
    calendarClientSecret: options.calendarClientSecret ?? DEFAULT_CALENDAR_CLIENT_SECRET,
    streamWebhookUrl: options.streamWebhookUrl ?? DEFAULT_STREAM_WEBHOOK_URL,
    streamWebhookSecret: options.streamWebhookSecret ?? DEFAULT_STREAM_WEBHOOK_SECRET,
    streamingTokenId: DEFAULT_STREAMING_TOKEN_ID,
    streamingTokenSecret: DEFAULT_STREAMING_TOKEN_SECRET,
  };
  const app = await createSandboxApp(config);
  try {
    await app.listen(config.httpPort, config.host);
  } catch (error) {
    await app.close();
    throw error;
  }
  const httpPort = (app.getHttpServer().address() as AddressInfo).port;
  const smtpPort = app.get(SmtpListener).port;
  const apiHost = reachableHost(config.host);
  const host = apiHost.includes(':') ? `[${apiHost}]` : apiHost;
  let closing: Promise<void> | undefined;
  const url = `http://${host}:${httpPort}`;
  const issuer = `${url}${IDP_PREFIX}/`;
  await app.get(SandboxIdp).start(issuer);
  return {
    url,
    smtpPort,
    smtpUrl: `smtp://${host}:${smtpPort}`,
    botCheckSecret: config.botCheckSecret,
    llm: { openrouter: `${url}/openrouter/api/v1`, anthropic: `${url}/anthropic`, openai: `${url}/openai/v1` },
    payments: { apiHost, apiPort: httpPort, protocol: 'http', webhookSecret: config.billingWebhookSecret },
    chain: {
      rpcUrls: Object.fromEntries(app.get(ChainNodes).chainIds().map((chainId) => [chainId, `${url}/chain/${chainId}`])),
      treasury: { ...TREASURY },
    },
    idp: { issuer, clientId: config.idpClientId, clientSecret: config.idpClientSecret, riscConfigurationUrl: `${issuer}.well-known/risc-configuration` },
    codeHost: { url: `${url}/code-host`, apiUrl: `${url}/code-host/api`, clientId: config.codeHostClientId, clientSecret: config.codeHostClientSecret },
    calendar: {
      authUrl: `${url}/calendar/o/oauth2/v2/auth`, tokenUrl: `${url}/calendar/token`, apiUrl: `${url}/`,
      clientId: config.calendarClientId, clientSecret: config.calendarClientSecret,
    },
    feeds: { upstreamUrl: `${url}/feeds`, soulUrl: `${url}/soul` },
    streaming: {
      apiUrl: `${url}/mux`, tokenId: config.streamingTokenId, tokenSecret: config.streamingTokenSecret,
      playbackUrl: `${url}/mux/stream`, playerUrl: `${url}/mux/player`, webhookSecret: config.streamWebhookSecret,
    },
    close: () => (closing ??= app.close()),
  };
}

/** A wildcard address is where the sandbox listens, not where a client can reach it. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}
