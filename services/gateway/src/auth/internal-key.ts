import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError, forbidden, unauthorized } from '@platform/contracts';

/**
 * The shared bearer key check (platform-core section 5, items 2 and 3). Both sides are hashed
 * first so the comparison is constant-time whatever the lengths.
 */
export function checkInternalKey(configured: string, authorization: string | undefined): void {
  if (!configured) throw new ApiError(500, 'Server misconfigured');
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!match) throw unauthorized();
  const given = createHash('sha256').update(match[1]!.trim()).digest();
  const expected = createHash('sha256').update(configured).digest();
  if (!timingSafeEqual(given, expected)) throw forbidden();
}
