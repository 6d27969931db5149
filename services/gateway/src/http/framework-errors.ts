import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { openAiError, ROUTES } from '@platform/contracts';

/** The router's refusals, before any route or filter runs: the same `{ error }` as every other answer. */
const ROUTER_ERRORS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'Malformed URL'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'Path parameter too long'],
};

export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = ROUTER_ERRORS[error.code] ?? [error.statusCode ?? 400, 'Bad request'];
  void reply.status(status).header('x-request-id', request.id).send({ error: message });
}

/** Paths whose errors are OpenAI's shape (`errorShape: 'openai'`): a refusal of the parser there is worded the same. */
const OPENAI_PATHS: ReadonlySet<string> = new Set(ROUTES.filter((route) => route.errorShape === 'openai').map((route) => route.path));

/** The path of the request line the parser was given, when it got that far (an over-long query string is refused with it). */
function requestPath(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  const line = rawPacket.subarray(0, 4096).toString('latin1').split('\r\n', 1)[0]!;
  return line.split(' ')[1]?.split('?')[0];
}

/** What the HTTP parser refuses (oversized headers, a request that is not HTTP): written on the socket as Node would, with our body. */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = error.code === 'HPE_HEADER_OVERFLOW'
    ? [431, 'Request headers too large']
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request timeout'] : [400, 'Malformed request'];
  const openAi = OPENAI_PATHS.has(requestPath(error.rawPacket) ?? '');
  const body = JSON.stringify(openAi ? openAiError(status, { error: message }) : { error: message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
