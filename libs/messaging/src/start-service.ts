import { Module, type DynamicModule, type INestApplicationContext, type OnApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { coalesceWrites, createPino, hasRole, PinoLogger, Readiness, ReadinessModule, redactEnv, type CommonEnv } from '@platform/config';
import { OPS_ADDRESS, OpsEndpoint, OpsModule, ServiceMetrics } from '@platform/ops';
import { startTracing, type ProcessTracing } from '@platform/tracing';
import { natsConnectOptions } from './nats-connect.js';
import { NatsMetrics } from './nats.metrics.js';
import { PrefixedNatsServer } from './prefixed-nats.server.js';
import { ReplyInterceptor } from './reply.interceptor.js';

/** Exports the spans still batched when the service stops, after its own work has ended. */
class TracingShutdown implements OnApplicationShutdown {
  constructor(private readonly tracing: ProcessTracing | undefined) {}

  async onApplicationShutdown(): Promise<void> {
    await this.tracing?.shutdown();
  }
}

/**
 * The root of every service process: its own module, the readiness its connections report to, its
 * metrics, the ops server that serves both, and its traces (when OTEL_* asks for them).
 */
@Module({})
class ServiceRootModule {
  static of(module: DynamicModule, env: CommonEnv, serviceName: string): DynamicModule {
    return {
      module: ServiceRootModule,
      imports: [ReadinessModule, OpsModule.forRoot(new ServiceMetrics().collectProcessMetrics()), module],
      providers: [
        { provide: OPS_ADDRESS, useValue: { port: env.OPS_PORT, host: env.OPS_HOST } },
        OpsEndpoint,
        { provide: TracingShutdown, useValue: new TracingShutdown(startTracing(serviceName, env)) },
      ],
    };
  }
}

export interface ServiceStartOptions {
  /** Its handlers also answer callers in this process without NATS (in-process-handlers.ts): a service hosted in another's process. */
  answerInProcess?: boolean;
}

/**
 * Boots a NATS service the same way everywhere: with the api role its `@MessagePattern` handlers
 * listen in the service's queue group (any replica answers); a worker-only process is just the
 * module, whose workers start themselves. Either way OPS_PORT serves its metrics and probes.
 */
export async function startService(module: DynamicModule, env: CommonEnv, serviceName: string, options: ServiceStartOptions = {}): Promise<INestApplicationContext> {
  coalesceWrites(env.COALESCE_WRITES);
  const logger = new PinoLogger(createPino(serviceName, env.LOG_LEVEL));
  // Straight to pino, as the gateway logs it: Nest's logger would file 'configuration' as the context, not the message.
  logger.pino.info({ env: redactEnv(env) }, 'configuration');
  const root = ServiceRootModule.of(module, env, serviceName);
  if (!hasRole(env, 'api')) {
    const context = await NestFactory.createApplicationContext(root, { logger });
    context.enableShutdownHooks();
    return context;
  }
  const server = new PrefixedNatsServer(env.NATS_PREFIX, { ...natsConnectOptions(env.NATS_URL, serviceName), queue: serviceName, answerInProcess: options.answerInProcess });
  const app = await NestFactory.createMicroservice(root, { strategy: server, logger });
  app.useGlobalInterceptors(new ReplyInterceptor(env.NATS_PREFIX, app.get(ServiceMetrics).of(NatsMetrics)));
  app.get(Readiness).add(server.link);
  app.enableShutdownHooks();
  await app.listen();
  return app;
}
