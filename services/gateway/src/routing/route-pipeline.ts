import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, isStreamStarted, SESSION_COOKIE, UnavailableError, type Envelope, type Reply, type RouteDef } from '@platform/contracts';
import { PayloadTooLargeError, RpcClient, ServiceUnavailableError } from '@platform/messaging';
import { traceFields } from '@platform/config';
import { requestSpanOf } from '@platform/tracing';
import { AuthResolver } from '../auth/auth-resolver.js';
import { apiDocumentReply } from '../docs/api-document-reply.js';
import { GATEWAY_ENV } from '../gateway.tokens.js';
import type { GatewayEnv } from '../gateway.env.js';
import { EdgeHealthService } from '../health/edge-health.service.js';
import { BODY_TOO_LARGE } from '../http/edge-exception.filter.js';
import { writeReply } from '../http/reply-writer.js';
import { RateLimiter } from '../limits/rate-limiter.js';
import { isCrossSiteWrite } from '../security/cross-site.js';
import { ServiceOutages } from './service-outages.js';
import { StreamRelay } from './stream-relay.js';

/** The text the JSON parser kept (installJsonParser); empty for a request that had no JSON body. */
const rawBodyOf = (request: FastifyRequest): string => (request as FastifyRequest & { rawBody?: string }).rawBody ?? '';

/**
 * One request's way through the edge: limits, then who is calling, then CSRF, then one NATS
 * request to the route's subject (or the edge's own health answer), its answer relayed as a
 * stream when the service started one (StreamRelay). No business logic here.
 */
@Injectable()
export class RoutePipeline {
  private readonly logger = new Logger('Gateway');
  private readonly secureCookies: boolean;
  private readonly trustedOrigins: string[];

  constructor(
    private readonly limits: RateLimiter,
    private readonly auth: AuthResolver,
    private readonly rpc: RpcClient,
    private readonly health: EdgeHealthService,
    private readonly outages: ServiceOutages,
    private readonly relay: StreamRelay,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    this.secureCookies = env.SECURE_COOKIES || env.NODE_ENV === 'production';
    this.trustedOrigins = env.TRUSTED_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean);
  }

  async handle(route: RouteDef, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const stream = this.relay.open(route, request, reply);
    try {
      if (route.rateLimits?.length) {
        const outcome = await this.limits.consume(route.rateLimits, request.ip);
        reply.headers(outcome.headers);
        if (!outcome.allowed) return reply.status(429).send({ error: outcome.message });
      }
      const answer = await this.answer(route, request, stream?.inbox);
      if (stream && isStreamStarted(answer)) return await this.relay.pipe(stream, request, reply);
      if (answer.cookies?.some((cookie) => cookie.name === SESSION_COOKIE && cookie.maxAge === 0)) {
        this.auth.forgetSession(request.headers);
      }
      return writeReply(reply, answer, this.secureCookies);
    } catch (error) {
      return this.failure(error, request, reply);
    } finally {
      // A stream not read to its end (the request failed or timed out at the edge) is cancelled, so its vendor call stops too.
      stream?.cancel();
    }
  }

  private async answer(route: RouteDef, request: FastifyRequest, streamInbox?: string): Promise<Reply> {
    const span = requestSpanOf(request);
    const { auth, byCookie } = await this.auth.resolve(route, request.headers, span);
    if (byCookie && isCrossSiteWrite(request.method, request.headers, this.trustedOrigins)) {
      throw new ApiError(403, 'Cross-site request refused');
    }
    if (route.edge === 'apiDocument') return apiDocumentReply(request.query);
    if (route.edge) return this.health.answer(route.edge);
    // The route's span brackets this one request: a `send` span of the request's own would repeat it.
    const answer = await this.rpc.send(route.subject!, this.envelope(route, request, auth, streamInbox), route.timeoutMs, { ownSpan: false, parent: span });
    this.outages.answered(route.subject!);
    return answer;
  }

  private envelope(route: RouteDef, request: FastifyRequest, auth: Envelope['auth'], streamInbox?: string): Envelope {
    const headers: Record<string, string | undefined> = {};
    for (const name of route.headers ?? []) {
      const value = request.headers[name];
      headers[name] = Array.isArray(value) ? value[0] : value;
    }
    return {
      auth,
      params: request.params as Record<string, string>,
      query: request.query as Envelope['query'],
      body: request.body ?? {},
      headers,
      ip: request.ip,
      requestId: String(request.id),
      ...(route.rawBody ? { rawBody: rawBodyOf(request) } : {}),
      ...(streamInbox ? { streamInbox } : {}),
    };
  }

  /**
   * A service that kept working past the route's timeout is 502. One nobody can reach now (NATS
   * down, nobody listening, the replica holding the request gone silent) is 503 at once, with
   * Retry-After, and logged once per outage of that service rather than once per request.
   */
  private failure(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    if (error instanceof ServiceUnavailableError && error.reason === 'timeout') {
      this.logger.warn({ requestId: request.id, ...traceFields(requestSpanOf(request)), subject: error.subject, msg: error.message });
      return reply.status(502).send({ error: 'Service unavailable' });
    }
    if (error instanceof ServiceUnavailableError) {
      this.outages.failed(error);
      return this.failure(new UnavailableError(), request, reply);
    }
    if (error instanceof ApiError) return reply.headers(error.headers).status(error.status).send(error.toBody());
    // A body within the 1 MB limit whose envelope (headers, re-encoded numbers) outgrows a NATS message.
    if (error instanceof PayloadTooLargeError) return reply.status(413).send({ error: BODY_TOO_LARGE });
    this.logger.error({ requestId: request.id, ...traceFields(requestSpanOf(request)), err: String(error), msg: 'Unhandled error in the gateway' });
    return reply.status(500).send({ error: 'Internal server error' });
  }
}
