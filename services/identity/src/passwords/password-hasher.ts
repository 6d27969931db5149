import { Injectable } from '@nestjs/common';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))));

/** N=2^14, r=8: about 50 ms a hash here, slow enough to make guessing expensive. */
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

/**
 * scrypt from Node's standard library: a slow hash with no length cap (bcrypt cuts passwords at
 * 72 bytes, which would let two long passwords collide).
 */
@Injectable()
export class PasswordHasher {
  private readonly decoy = this.hash(randomBytes(16).toString('hex'));

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
    return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  async verify(password: string, stored: string | null): Promise<boolean> {
    // With no stored hash, do the same work against a decoy so an unknown email costs the same time.
    const encoded = stored ?? (await this.decoy);
    const [scheme, n, r, p, salt, key] = encoded.split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64');
    const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
      N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem,
    });
    return timingSafeEqual(actual, expected) && stored !== null;
  }
}
