import type { FastifyReply, FastifyRequest } from 'fastify';
import { openAiError } from '@platform/contracts';

/**
 * The one place an error leaves the edge in OpenAI's shape: RouteRegistrar hangs this on the
 * onSend of every route flagged `errorShape: 'openai'`, so every `{ error }` answer there, whoever
 * wrote it (rate limit, auth, body parser, the service, an outage), is rewritten on its way out and
 * OpenAI's clients read it into their error classes. Other routes do not run it at all.
 */
export async function toOpenAiError(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (body === null || typeof body !== 'object' || typeof (body as { error?: unknown }).error !== 'string') return payload;
  return JSON.stringify(openAiError(reply.statusCode, body as { error: string; code?: unknown }));
}
