import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AddressInfo } from 'node:net';
import { coalesceWrites, createPino, loadEnv, PinoLogger, Readiness, redactEnv, traceFields, type EnvSource } from '@platform/config';
import { OpsServer, ServiceMetrics } from '@platform/ops';
import { requestSpanOf, startTracing } from '@platform/tracing';
import type { Surface } from '@platform/contracts';
import { serveApiReference } from './docs/api-reference.js';
import { GatewayEnv } from './gateway.env.js';
import { GATEWAY_SERVICE, GatewayModule } from './gateway.module.js';
import { hostedServicesOf, startHostedServices } from './hosting/hosted-services.js';
import { EdgeExceptionFilter } from './http/edge-exception.filter.js';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.js';
import { installJsonParser, installTextParser } from './http/json-body-parser.js';
import { requestIdOf } from './http/request-id.js';
import { serveWebApp } from './web/web-app.js';

/** platform-core section 8: 1 MB, rejected before any handler. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export interface RunningGateway {
  urls: Record<Surface, string>;
  /** The ops server's (GET /metrics, /livez, /readyz): one for the process, over the three surfaces. */
  opsUrl: string;
  close(): Promise<void>;
}

async function startSurface(surface: Surface, port: number, env: GatewayEnv, metrics: ServiceMetrics): Promise<{ url: string; app: NestFastifyApplication }> {
  const log = createPino(`${GATEWAY_SERVICE}:${surface}`, env.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    genReqId: requestIdOf,
    requestIdHeader: false,
    logger: false,
    frameworkErrors,
    clientErrorHandler: clientErrorHandler(surface),
  });
  const fastify = adapter.getInstance();
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Runs before the route's own onResponse, which ends the request's span: the line names its trace.
  fastify.addHook('onResponse', async (request, reply) => {
    log.info({ requestId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime), ...traceFields(requestSpanOf(request)) }, 'request');
  });
  installJsonParser(fastify);
  installTextParser(fastify);
  if (surface === 'web') {
    await serveWebApp(fastify, env.WEB_DIST_DIR);
    await serveApiReference(fastify);
  }
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forSurface(surface, env, metrics), adapter, {
    // NestJS's Logger is one per process, so the last surface booted would label every surface's lines.
    logger: new PinoLogger(createPino(GATEWAY_SERVICE, env.LOG_LEVEL)),
    bodyParser: false,
  });
  app.useGlobalFilters(new EdgeExceptionFilter(log));
  app.enableShutdownHooks();
  await app.listen(port, env.HOST);
  const address = app.getHttpServer().address() as AddressInfo;
  return { url: `http://${env.HOST}:${address.port}`, app };
}

/** Boots the three surfaces from an env source; main.ts passes process.env, tests their own. */
export async function startGateway(source: EnvSource): Promise<RunningGateway> {
  const env = loadEnv(GatewayEnv, source);
  coalesceWrites(env.COALESCE_WRITES);
  createPino(GATEWAY_SERVICE, env.LOG_LEVEL).info({ env: redactEnv(env) }, 'configuration');
  const hostedNames = hostedServicesOf(env.GATEWAY_HOSTS);
  // The gateway hands each request's span to its NATS calls (RoutePipeline): it needs no active span.
  // A service it hosts does: its handlers' calls, jobs and log lines find their span in the active
  // context, and the process has one provider, registered here first.
  const tracing = startTracing(GATEWAY_SERVICE, env, { activeSpans: hostedNames.length > 0 });
  const hosted = await startHostedServices(hostedNames, source);
  const metrics = new ServiceMetrics().collectProcessMetrics();
  const web = await startSurface('web', env.WEB_PORT, env, metrics);
  const backend = await startSurface('backend', env.BACKEND_PORT, env, metrics);
  const summarizer = await startSurface('summarizer', env.SUMMARIZER_PORT, env, metrics);
  const surfaces = [web.app, backend.app, summarizer.app];
  // Ready while every surface is: each has its own NATS connection.
  const ops = new OpsServer({ port: env.OPS_PORT, host: env.OPS_HOST, metrics, readiness: surfaces.map((app) => app.get(Readiness)) });
  const opsUrl = await ops.start();
  return {
    urls: { web: web.url, backend: backend.url, summarizer: summarizer.url },
    opsUrl,
    close: async () => {
      await Promise.all([ops.close(), ...surfaces.map((app) => app.close())]);
      await Promise.all(hosted.map((service) => service.close()));
      await tracing?.shutdown();
    },
  };
}
