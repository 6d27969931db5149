import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@platform/contracts';

/** Characters of the key used to find bcrypt candidates (platform-core 4.5: "first 10 characters"). */
export const LOOKUP_PREFIX_LENGTH = 10;

export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function previewOf(key: string): string {
  return `${key.slice(0, 7)}...${key.slice(-4)}`;
}
