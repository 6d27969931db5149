import Fastify, { type FastifyInstance } from 'fastify';
import { loadEnv, type EnvSource } from '@platform/config';
import {
  AgentMessageDto, ApiError, RUNTIME_AGENT_HEADER, RUNTIME_PATHS, SendAgentMessageDto, SendAsAgentDto, validateAs, type RuntimeHealthBody,
} from '@platform/contracts';
import { AgentBrain } from './agent-brain.js';
import { AiClient } from './ai-client.js';
import { BusClient } from './bus-client.js';
import { BusInbox } from './bus-inbox.js';
import { BusOutbox } from './bus-outbox.js';
import { BusReplier } from './bus-replier.js';
import { DeliveredIds } from './delivered-ids.js';
import { tokenMatches } from './gateway-token.js';
import { listenRetrying } from './listen-retrying.js';
import { MemoryStore } from './memory-store.js';
import { MessageHistory } from './message-history.js';
import { PendingReplies } from './pending-replies.js';
import { ProcessSampler } from './process-sampler.js';
import { Readiness } from './readiness.js';
import { parseRuntimeConfig } from './runtime-config.js';
import { RuntimeError } from './runtime-error.js';
import { RuntimeEnv } from './runtime.env.js';
import { RUNTIME_VERSION } from './runtime-version.js';
import { ToolUsage } from './tool-usage.js';

const PROBES = new Set<string>([RUNTIME_PATHS.healthz, RUNTIME_PATHS.readyz, RUNTIME_PATHS.health]);

/** Boots one agent process: probes, the message endpoint, the bus inbox and outbox, memory, stats. Config errors throw ConfigError (exit 78). */
export async function startRuntime(source: EnvSource): Promise<FastifyInstance> {
  const env = loadEnv(RuntimeEnv, source);
  const config = parseRuntimeConfig(env.AGENT_CONFIG);
  const app = Fastify({ logger: { level: env.LOG_LEVEL, base: { service: 'agent-runtime', agentId: env.AGENT_ID } }, bodyLimit: 1024 * 1024 });

  const memory = new MemoryStore(env.DATA_DIR, config.maxMemory);
  const history = new MessageHistory(env.DATA_DIR, config.maxHistory);
  await Promise.all([memory.load(), history.load()]);
  const delivered = new DeliveredIds(env.DATA_DIR, env.BUS_DEDUP_MAX);
  await delivered.load(history.busMessageIds());
  const ai = new AiClient(env);
  const tools = new ToolUsage(env, (line) => app.log.warn(line));
  const brain = new AgentBrain(config, env.AGENT_MODEL, ai, memory, history, tools);
  const bus = new BusClient(env);
  const replier = new BusReplier(env.AGENT_ID, brain, bus, history, new PendingReplies(env.DATA_DIR), app.log);
  const inbox = new BusInbox(history, delivered, replier);
  const outbox = new BusOutbox(env.AGENT_ID, bus, history);
  const readiness = new Readiness(env, memory);
  const sampler = new ProcessSampler();

  app.addHook('onRequest', async (request, reply) => {
    reply.header(RUNTIME_AGENT_HEADER, env.AGENT_ID);
    if (PROBES.has(request.url.split('?')[0]!)) return;
    if (!tokenMatches(env.GATEWAY_TOKEN, request.headers.authorization)) {
      await reply.status(401).send({ error: 'Unauthorized' });
    }
  });
  app.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof RuntimeError || error instanceof ApiError) return reply.status(error.status).send({ error: error.message });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500) return reply.status(status).send({ error: error instanceof Error ? error.message : 'Bad request' });
    app.log.error(error);
    return reply.status(500).send({ error: 'Internal server error' });
  });

  app.get(RUNTIME_PATHS.healthz, async () => ({ ok: true, status: 'live' }));
  app.get(RUNTIME_PATHS.readyz, async (_request, reply) => {
    const view = await readiness.check();
    return reply.status(view.ready ? 200 : 503).send(view);
  });
  app.get(RUNTIME_PATHS.health, async (): Promise<RuntimeHealthBody> => ({
    status: 'ok',
    agentId: env.AGENT_ID,
    version: RUNTIME_VERSION,
    uptimeMs: readiness.uptimeMs(),
    cpuPercent: sampler.cpuPercent(),
    memoryBytes: sampler.memoryBytes(),
    memoryLimitBytes: env.MEMORY_LIMIT_BYTES,
  }));

  app.post(RUNTIME_PATHS.messages, async (request) => brain.turn(validateAs(SendAgentMessageDto, request.body).message));
  app.get(RUNTIME_PATHS.messages, async () => {
    const messages = history.all();
    return { messages, count: messages.length };
  });
  app.get(RUNTIME_PATHS.stats, async () => ({
    ...brain.counters,
    toolCalls: tools.calls,
    memoryEntries: memory.size,
    skills: config.skills,
    uptimeMs: readiness.uptimeMs(),
    memoryBytes: sampler.memoryBytes(),
  }));
  app.post(RUNTIME_PATHS.busMessages, async (request) => inbox.receive(validateAs(AgentMessageDto, request.body)));
  app.post(RUNTIME_PATHS.busSend, async (request) => outbox.send(validateAs(SendAsAgentDto, request.body)));
  app.post(RUNTIME_PATHS.memoryReset, async () => ({ success: true, cleared: await memory.clear() }));

  app.addHook('onClose', async () => {
    bus.close();
    ai.shutdown();
    await tools.close();
  });
  const stop = () => app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ msg: 'Stopping failed', cause: String(error) });
      process.exit(1);
    },
  );
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop());

  await replier.resume();
  await listenRetrying(app, { host: env.HOST, port: env.PORT, attempts: env.LISTEN_ATTEMPTS, backoffMs: env.LISTEN_BACKOFF_MS });
  return app;
}
