import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDef } from '@platform/contracts';
import { NatsStreams, type StreamConsumer } from '@platform/messaging';

/** What the client reads when the stream breaks on the platform's side (a lost message, a silent producer). */
const INTERRUPTED = JSON.stringify({ error: { message: 'Stream interrupted', type: 'server_error', param: null, code: null } });

/** Headers that keep every hop (a proxy's buffer included) from holding chunks back. */
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no', connection: 'keep-alive' };

/**
 * Server-sent events at the edge: for a route that streams and a body that asks, a stream inbox is
 * opened before the request goes out, and once the service says the stream started, each chunk it
 * publishes is written to the response as it arrives, those that arrived together in one write. The
 * end is `data: [DONE]`; a break is one error event, then the end. A client that hangs up cancels
 * the stream, which stops the vendor call behind it.
 */
@Injectable()
export class StreamRelay {
  private readonly logger = new Logger('Gateway');

  constructor(private readonly streams: NatsStreams) {}

  /**
   * The stream's consumer, for a route that streams and a body that asks. A client hanging up cancels
   * it from here on, so a vendor call still looking for its first text stops too, not only one already relayed.
   */
  open(route: RouteDef, request: FastifyRequest, reply: FastifyReply): StreamConsumer | undefined {
    if (!route.streams || (request.body as { stream?: unknown } | undefined)?.stream !== true) return undefined;
    const stream = this.streams.open();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) stream.cancel();
    });
    return stream;
  }

  async pipe(stream: StreamConsumer, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const raw = reply.hijack().raw;
    raw.writeHead(200, { ...reply.getHeaders(), ...SSE_HEADERS } as Record<string, string>);
    try {
      for await (const frame of stream) {
        // The frames that arrived together (one vendor read's chunks) leave in one write, once this tick's are all written.
        if (!raw.writableCorked) {
          raw.cork();
          process.nextTick(() => raw.uncork());
        }
        raw.write(`data: ${frame.kind === 'end' ? '[DONE]' : frame.data}\n\n`);
      }
    } catch (error) {
      this.logger.warn({ requestId: request.id, msg: 'Stream broke off', cause: error instanceof Error ? error.message : String(error) });
      raw.write(`data: ${INTERRUPTED}\n\n`);
    }
    raw.end();
    return reply;
  }
}
