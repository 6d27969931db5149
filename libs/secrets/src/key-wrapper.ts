import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Wraps and unwraps data keys: the key-encryption half of envelope encryption. The local wrapper
 * holds its master key in memory; a KMS wrapper would send the data key to the KMS instead, and
 * sealed values stay readable because each names the key that wrapped it.
 */
export interface KeyWrapper {
  /** Names the master key; stored with every sealed value so keys can be rotated. */
  readonly keyId: string;
  wrap(dataKey: Buffer): Promise<Buffer>;
  unwrap(wrapped: Buffer): Promise<Buffer>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM with iv and tag around the ciphertext: `iv | ciphertext | tag`. */
export function encrypt(key: Buffer, plaintext: Buffer, associatedData: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associatedData);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]);
}

/** Throws when the bytes were changed or were sealed under another key or associated data. */
export function decrypt(key: Buffer, sealed: Buffer, associatedData: Buffer): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed value is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(associatedData);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

/** A master key from the environment (SECRETS_KEY: 32 bytes, base64). */
export class LocalKeyWrapper implements KeyWrapper {
  private readonly masterKey: Buffer;

  constructor(masterKeyBase64: string, readonly keyId = 'local') {
    this.masterKey = Buffer.from(masterKeyBase64, 'base64');
    if (this.masterKey.length !== 32) throw new Error('The secrets key must be 32 bytes, base64-encoded');
  }

  async wrap(dataKey: Buffer): Promise<Buffer> {
    return encrypt(this.masterKey, dataKey, Buffer.from(this.keyId));
  }

  async unwrap(wrapped: Buffer): Promise<Buffer> {
    return decrypt(this.masterKey, wrapped, Buffer.from(this.keyId));
  }
}
