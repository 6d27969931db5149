import { randomBytes } from 'node:crypto';

/** Crockford's alphabet: no I, L, O or U to misread when a code is read aloud or typed. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newReferralCode(length = 8): string {
  return [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}
