import { randomBytes } from 'node:crypto';
import { decrypt, encrypt, LocalKeyWrapper, type KeyWrapper } from './key-wrapper.js';

const VERSION = 'v1';

/**
 * Secrets at rest (provider keys, refresh tokens, wallet keys, stream keys): each value gets its own
 * data key (AES-256-GCM), and the data key is stored wrapped by the master key, so moving the master
 * key into a KMS changes the wrapper only. `context` (for example `byok:<userId>`) is bound in as
 * associated data: a sealed value copied to another row or purpose does not open.
 *
 * Sealed form: `v1.<keyId>.<wrapped data key>.<sealed value>`, base64url parts.
 */
export class SecretBox {
  constructor(private readonly wrapper: KeyWrapper) {}

  async seal(plaintext: string, context: string): Promise<string> {
    const dataKey = randomBytes(32);
    const sealed = encrypt(dataKey, Buffer.from(plaintext, 'utf8'), Buffer.from(context, 'utf8'));
    const wrapped = await this.wrapper.wrap(dataKey);
    return [VERSION, this.wrapper.keyId, wrapped.toString('base64url'), sealed.toString('base64url')].join('.');
  }

  async open(sealedValue: string, context: string): Promise<string> {
    const [version, keyId, wrapped, sealed, ...rest] = sealedValue.split('.');
    if (version !== VERSION || !wrapped || !sealed || rest.length) throw new Error('Not a sealed secret');
    if (keyId !== this.wrapper.keyId) throw new Error(`Sealed under key ${keyId}, not ${this.wrapper.keyId}`);
    const dataKey = await this.wrapper.unwrap(Buffer.from(wrapped, 'base64url'));
    return decrypt(dataKey, Buffer.from(sealed, 'base64url'), Buffer.from(context, 'utf8')).toString('utf8');
  }
}

/** The box every service that keeps secrets uses, keyed by SECRETS_KEY. */
export function secretBoxFromKey(secretsKey: string): SecretBox {
  return new SecretBox(new LocalKeyWrapper(secretsKey));
}
