import type { DynamicModule, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createPino, hasRole, PinoLogger, redactEnv, type CommonEnv } from '@platform/config';
import { PrefixedNatsServer } from './prefixed-nats.server.js';
import { ReplyInterceptor } from './reply.interceptor.js';

/**
 * Boots a NATS service the same way everywhere: with the api role its `@MessagePattern` handlers
 * listen in the service's queue group (any replica answers); a worker-only process is just the
 * module, whose workers start themselves.
 */
export async function startService(module: DynamicModule, env: CommonEnv, serviceName: string): Promise<INestApplicationContext> {
  const logger = new PinoLogger(createPino(serviceName, env.LOG_LEVEL));
  // Straight to pino, as the gateway logs it: Nest's logger would file 'configuration' as the context, not the message.
  logger.pino.info({ env: redactEnv(env) }, 'configuration');
  if (!hasRole(env, 'api')) {
    const context = await NestFactory.createApplicationContext(module, { logger });
    context.enableShutdownHooks();
    return context;
  }
  const app = await NestFactory.createMicroservice(module, {
    strategy: new PrefixedNatsServer(env.NATS_PREFIX, { servers: env.NATS_URL, queue: serviceName }),
    logger,
  });
  app.useGlobalInterceptors(new ReplyInterceptor());
  app.enableShutdownHooks();
  await app.listen();
  return app;
}
