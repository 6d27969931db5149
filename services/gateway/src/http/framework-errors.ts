import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { openAiError, ROUTES } from '@platform/contracts';

/** The paths whose errors leave in OpenAI's shape (`errorShape: 'openai'`; none of them has a parameter). */
const OPENAI_PATHS: ReadonlySet<string> = new Set(ROUTES.flatMap((route) => (route.errorShape === 'openai' ? [route.path] : [])));

/** The path of the request line the parser refused, when the bytes it holds start with it. */
function refusedPath(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  return rawPacket.toString('latin1', 0, Math.min(rawPacket.length, 16_384)).split('\r\n', 1)[0]!.split(' ')[1]?.split('?')[0];
}

/** The router's refusals, before any route or filter runs: the same `{ error }` as every other answer. */
const ROUTER_ERRORS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'Malformed URL'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'Path parameter too long'],
};

export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = ROUTER_ERRORS[error.code] ?? [error.statusCode ?? 400, 'Bad request'];
  void reply.status(status).header('x-request-id', request.id).send({ error: message });
}

/** What the HTTP parser refuses (oversized headers, a request that is not HTTP): written on the socket as Node would, with our body. */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = error.code === 'HPE_HEADER_OVERFLOW'
    ? [431, 'Request headers too large']
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request timeout'] : [400, 'Malformed request'];
  // No route ran, so the OpenAI-shaped routes' onSend cannot rewrite this answer: their path decides here.
  const path = refusedPath(error.rawPacket);
  const body = JSON.stringify(path && OPENAI_PATHS.has(path) ? openAiError(status, { error: message }) : { error: message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
