import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time check of `Authorization: Bearer <token>` against the agent's gateway token. */
export function tokenMatches(expected: string, authorization: string | undefined): boolean {
  const presented = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(expected));
}
