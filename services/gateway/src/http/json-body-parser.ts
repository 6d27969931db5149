import type { FastifyInstance } from 'fastify';

/** JSON bodies, with an empty body read as `{}` so a bare POST (signout) is not an error; the raw text is kept for signed webhooks. */
export function installJsonParser(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    (request as unknown as { rawBody: string }).rawBody = text;
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Malformed JSON body'), { statusCode: 400 }), undefined);
    }
  });
}
