import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id shaped like Stripe's: `cus_`, `cs_test_`, `sub_`... and 24 letters and digits. */
export function newStripeId(prefix: string): string {
  const suffix = Array.from(randomBytes(24), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${prefix}_${suffix}`;
}
