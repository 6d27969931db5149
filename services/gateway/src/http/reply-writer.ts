import { stringifySetCookie } from 'cookie';
import type { FastifyReply } from 'fastify';
import type { Reply } from '@platform/contracts';

/** Writes a service's reply as is; every cookie gets the session cookie's attributes (platform-core section 2, Session). */
export function writeReply(reply: FastifyReply, answer: Reply, secureCookies: boolean): FastifyReply {
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  const cookies = (answer.cookies ?? []).map((cookie) =>
    stringifySetCookie({
      name: cookie.name,
      value: cookie.value,
      maxAge: cookie.maxAge,
      ...(cookie.maxAge === 0 ? { expires: new Date(0) } : {}),
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: secureCookies,
    }));
  if (cookies.length) reply.header('set-cookie', cookies);
  if (answer.redirect) return reply.redirect(answer.redirect, answer.status);
  reply.status(answer.status);
  return answer.body === undefined ? reply.send() : reply.send(answer.body);
}
