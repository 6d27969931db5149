import type { INestApplicationContext } from '@nestjs/common';
import type { EnvSource } from '@platform/config';

/**
 * How platform tests boot each service in-process, the same function its main.ts calls.
 * Test infrastructure is the one place that reaches into services; services never import each other.
 */
export const SERVICE_STARTERS = {
  identity: async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/identity/src/identity.app.js')).startIdentity(env),
  'ai-gateway': async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/ai-gateway/src/ai-gateway.app.js')).startAiGateway(env),
  billing: async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/billing/src/billing.app.js')).startBilling(env),
  usage: async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/usage/src/usage.app.js')).startUsage(env),
  agents: async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/agents/src/agents.app.js')).startAgents(env),
  watchdog: async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/watchdog/src/watchdog.app.js')).startWatchdog(env),
  wallet: async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/wallet/src/wallet.app.js')).startWallet(env),
  bus: async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/bus/src/bus.app.js')).startBus(env),
  scheduler: async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/scheduler/src/scheduler.app.js')).startScheduler(env),
  feeds: async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/feeds/src/feeds.app.js')).startFeeds(env),
  summarizer: async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/summarizer/src/summarizer.app.js')).startSummarizer(env),
  skills: async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/skills/src/skills.app.js')).startSkills(env),
  media: async (env: EnvSource): Promise<INestApplicationContext> =>
    (await import('../../../services/media/src/media.app.js')).startMedia(env),
} as const;

export type ServiceName = keyof typeof SERVICE_STARTERS;

export const startGateway = async (env: EnvSource) =>
  (await import('../../../services/gateway/src/gateway.app.js')).startGateway(env);

export const startSandbox = async () =>
  (await import('../../../services/sandbox/src/sandbox.js')).startSandbox({ httpPort: 0, smtpPort: 0 });
