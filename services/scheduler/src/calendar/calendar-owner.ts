import { isUUID } from 'class-validator';
import { forbidden, unauthorized, type AuthContext } from '@platform/contracts';

/**
 * Whose calendar a call reaches: always the caller's. The spec's userId may name them and nobody
 * else (403); a bearer call that names no user through x-user-id acts for nobody (401).
 */
export function calendarOwner(caller: AuthContext, userId: string | undefined): string {
  if (!isUUID(caller.userId)) throw unauthorized();
  if (userId !== undefined && userId !== caller.userId) throw forbidden();
  return caller.userId;
}
