import { createHash } from 'node:crypto';

export const SESSION_COOKIE = 'service-session';
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
export const API_KEY_PREFIX = 'sk_';

/**
 * The one way a session token or API key is digested, on both sides of the wire: the gateway
 * caches and sends only digests, identity stores only digests.
 */
export function credentialDigest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
