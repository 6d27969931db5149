import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { ApiError, QUEUES } from '@platform/contracts';
import { bullPrefix, REDIS } from '@platform/queue';
import { checkInternalKey } from '../auth/internal-key.js';
import type { GatewayEnv } from '../gateway.env.js';
import { GATEWAY_ENV } from '../gateway.tokens.js';

export const QUEUE_BOARD_PATH = '/api/admin/queues';

/**
 * Bull Board on the backend surface (docs/operations.md): every queue of contracts' QUEUES under
 * this deployment's REDIS_PREFIX, behind the internal key as the backend's internal routes are.
 * Outside the route table: its UI and API are the board's own, not services' subjects.
 */
@Injectable()
export class QueueBoard implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly queues: Queue[];

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(REDIS) redis: Redis,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    // The gateway's own Redis client, shared: its outages are logged once by its dependency, so the
    // queues' re-emitted connection errors need no listener of their own beyond keeping them quiet.
    this.queues = Object.values(QUEUES).map((name) => new Queue(name, { connection: redis, prefix: bullPrefix(env.REDIS_PREFIX) }));
    for (const queue of this.queues) queue.on('error', () => undefined);
  }

  onApplicationBootstrap(): void {
    const board = new FastifyAdapter();
    createBullBoard({ queues: this.queues.map((queue) => new BullMQAdapter(queue)), serverAdapter: board });
    board.setBasePath(QUEUE_BOARD_PATH);
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void fastify.register(async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        try {
          checkInternalKey(this.env.INTERNAL_API_KEY, request.headers.authorization);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          return reply.status(error.status).send(error.toBody());
        }
      });
      await scope.register(board.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}
