import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ROUTES, type Surface } from '@platform/contracts';
import { ServiceMetrics } from '@platform/ops';
import { closeRequestSpan, openRequestSpan } from '@platform/tracing';
import { SURFACE } from '../gateway.tokens.js';
import { toOpenAiError } from '../http/error-shape.js';
import { EdgeMetrics } from './edge.metrics.js';
import { RoutePipeline } from './route-pipeline.js';

/**
 * Registers exactly the route table's rows for this surface, each counted, timed and traced (a
 * server span from the request to its answer, the child of a caller's `traceparent`, handed to the
 * request's NATS calls by RoutePipeline rather than made active); no other path exists at the edge.
 */
@Injectable()
export class RouteRegistrar implements OnApplicationBootstrap {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly pipeline: RoutePipeline,
    @Inject(SURFACE) private readonly surface: Surface,
    private readonly metrics: ServiceMetrics,
  ) {}

  onApplicationBootstrap(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const edge = this.metrics.of(EdgeMetrics);
    for (const route of ROUTES.filter((candidate) => candidate.surface === this.surface)) {
      const record = edge.forRoute(route);
      fastify.route({
        method: route.method,
        url: route.path,
        ...(route.errorShape === 'openai' ? { onSend: toOpenAiError } : {}),
        // Callback hooks, not async ones: no promise per request on the hot path.
        onRequest: (request, _reply, done) => {
          openRequestSpan(request, route.path);
          done();
        },
        onResponse: (request, reply, done) => {
          record(reply.statusCode, reply.elapsedTime / 1000);
          closeRequestSpan(request, reply.statusCode);
          done();
        },
        handler: (request, reply) => this.pipeline.handle(route, request, reply),
      });
    }
  }
}
