import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { openAiError, ROUTES, type Surface } from '@platform/contracts';

/** The router's refusals, before any route or filter runs: the same `{ error }` as every other answer. */
const ROUTER_ERRORS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'Malformed URL'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'Path parameter too long'],
};

export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = ROUTER_ERRORS[error.code] ?? [error.statusCode ?? 400, 'Bad request'];
  void reply.status(status).header('x-request-id', request.id).send({ error: message });
}

/**
 * What the HTTP parser refuses (oversized headers, a request that is not HTTP): written on the
 * socket as Node would, with our body, in OpenAI's shape on the surface's routes flagged so
 * (error-shape.ts cannot run: no route was reached). The path comes from the request line Node
 * had read; those routes have no parameters, so it is matched as written.
 */
export function clientErrorHandler(surface: Surface) {
  const openAiPaths = new Set(ROUTES.filter((route) => route.surface === surface && route.errorShape === 'openai').map((route) => route.path));
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] = error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request timeout'] : [400, 'Malformed request'];
    const received = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.subarray(0, 2048).toString('latin1') : '';
    const path = /^[A-Z]+ ([^ ?\r\n]+)/.exec(received)?.[1];
    const body = JSON.stringify(path && openAiPaths.has(path) ? openAiError(status, { error: message }) : { error: message });
    if (socket.writable) {
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
