import type { FastifyInstance } from 'fastify';

/**
 * Far deeper than any contract's payload; JSON.stringify (the envelope to NATS) and class-transformer
 * recurse, so a body a few thousand levels deep would overflow their stack and answer 500.
 */
export const MAX_JSON_DEPTH = 64;

/** A body the edge refuses with 400 and these words. */
export class BodyRejectedError extends Error {
  readonly statusCode = 400;
}

/** JSON bodies, with an empty body read as `{}` so a bare POST (signout) is not an error; the raw text is kept for signed webhooks. */
export function installJsonParser(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    (request as unknown as { rawBody: string }).rawBody = text;
    if (text.trim() === '') return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new BodyRejectedError('Malformed JSON body'), undefined);
    }
    if (deeperThan(parsed, MAX_JSON_DEPTH)) return done(new BodyRejectedError(`JSON body nested too deeply (limit ${MAX_JSON_DEPTH} levels)`), undefined);
    done(null, parsed);
  });
}

/**
 * Text bodies as received: a security event token comes as `application/secevent+jwt` (RFC 8417)
 * or plain text, and its receiver verifies that exact text.
 */
export const TEXT_BODY_TYPES = ['text/plain', 'application/secevent+jwt', 'application/jwt'];

export function installTextParser(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser(TEXT_BODY_TYPES, { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    (request as unknown as { rawBody: string }).rawBody = text;
    done(null, text);
  });
}

/** Without recursion: the value may be as deep as the text is long. */
function deeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}
