import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ROUTES, type Surface } from '@platform/contracts';
import { SURFACE } from '../gateway.tokens.js';
import { toOpenAiError } from '../http/error-shape.js';
import { RoutePipeline } from './route-pipeline.js';

/** Registers exactly the route table's rows for this surface; no other path exists at the edge. */
@Injectable()
export class RouteRegistrar implements OnApplicationBootstrap {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly pipeline: RoutePipeline,
    @Inject(SURFACE) private readonly surface: Surface,
  ) {}

  onApplicationBootstrap(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    for (const route of ROUTES.filter((candidate) => candidate.surface === this.surface)) {
      fastify.route({
        method: route.method,
        url: route.path,
        ...(route.errorShape === 'openai' ? { onSend: toOpenAiError } : {}),
        handler: (request, reply) => this.pipeline.handle(route, request, reply),
      });
    }
  }
}
