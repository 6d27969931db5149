import { ConfigError, loadEnv } from '@platform/config';
import { startTracing } from '@platform/tracing';
import { pino } from 'pino';
import { SandboxEnv } from './sandbox.env.js';
import { startSandbox } from './sandbox.js';

const logger = pino({ name: 'sandbox' });

async function main(): Promise<void> {
  const env = loadEnv(SandboxEnv);
  const tracing = startTracing('sandbox', env);
  const sandbox = await startSandbox({
    host: env.SANDBOX_HOST,
    httpPort: env.SANDBOX_PORT,
    smtpPort: env.SANDBOX_SMTP_PORT,
    botCheckSecret: env.SANDBOX_BOT_CHECK_SECRET,
    billingWebhookUrl: env.SANDBOX_BILLING_WEBHOOK_URL,
    billingWebhookSecret: env.SANDBOX_BILLING_WEBHOOK_SECRET,
    streamWebhookUrl: env.SANDBOX_STREAM_WEBHOOK_URL,
    streamWebhookSecret: env.SANDBOX_STREAM_WEBHOOK_SECRET,
  });
  logger.info({ url: sandbox.url, smtpUrl: sandbox.smtpUrl }, `Sandbox listening: HTTP ${sandbox.url}, SMTP ${sandbox.smtpUrl}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void sandbox.close().then(() => tracing?.shutdown()).catch((error: unknown) => {
      logger.error({ err: error }, 'Sandbox failed to stop');
      process.exit(1);
    }));
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) logger.fatal(error.message);
  else logger.fatal({ err: error }, 'Sandbox failed to start');
  process.exit(1);
});
