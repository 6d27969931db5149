import type { AddressInfo } from 'node:net';
import { SmtpListener } from './mail/smtp-listener.service.js';
import { createSandboxApp } from './sandbox.app.js';
import { DEFAULT_BOT_CHECK_SECRET, type SandboxConfig } from './sandbox.config.js';

export interface SandboxOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  httpPort?: number;
  /** 0 (the default) picks a free port. */
  smtpPort?: number;
  botCheckSecret?: string;
}

export interface RunningSandbox {
  /** HTTP base URL, without a trailing slash. */
  url: string;
  smtpPort: number;
  smtpUrl: string;
  botCheckSecret: string;
  /** Base URLs of the LLM vendors, as each vendor's own client configures them. */
  llm: { openrouter: string; anthropic: string; openai: string };
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const config: SandboxConfig = {
    host: options.host ?? '127.0.0.1',
    httpPort: options.httpPort ?? 0,
    smtpPort: options.smtpPort ?? 0,
    botCheckSecret: options.botCheckSecret ?? DEFAULT_BOT_CHECK_SECRET,
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
  const host = hostForUrl(config.host);
  let closing: Promise<void> | undefined;
  const url = `http://${host}:${httpPort}`;
  return {
    url,
    smtpPort,
    smtpUrl: `smtp://${host}:${smtpPort}`,
    botCheckSecret: config.botCheckSecret,
    llm: { openrouter: `${url}/openrouter/api/v1`, anthropic: `${url}/anthropic`, openai: `${url}/openai/v1` },
    close: () => (closing ??= app.close()),
  };
}

/** A wildcard address is where the sandbox listens, not where a client can reach it. */
function hostForUrl(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
