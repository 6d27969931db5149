import type { FastifyInstance, FastifyRequest } from 'fastify';
import { openAiError, type ErrorShape } from '@platform/contracts';

/** What RouteRegistrar puts in each route's Fastify config. */
export interface RouteConfig {
  errorShape: ErrorShape;
}

const shapeOf = (request: FastifyRequest): ErrorShape =>
  (request.routeOptions.config as Partial<RouteConfig> | undefined)?.errorShape ?? 'platform';

/**
 * The one place an error leaves the edge in another shape: every `{ error }` answer on a route
 * flagged `openai`, whoever wrote it (rate limit, auth, body parser, the service, an outage), is
 * rewritten on its way out, so OpenAI's clients read it into their error classes.
 */
export function installErrorShapes(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || shapeOf(request) !== 'openai' || typeof payload !== 'string') return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (body === null || typeof body !== 'object' || typeof (body as { error?: unknown }).error !== 'string') return payload;
    return JSON.stringify(openAiError(reply.statusCode, body as { error: string; code?: unknown }));
  });
}
