import { Injectable } from '@nestjs/common';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';

export interface SigningKey {
  kid: string;
  privateJwk: JWK;
}

const ALG = 'RS256';

/**
 * The provider's published key (its JWKS signs ID tokens and security events) and one it never
 * publishes, for a receiver's unknown-key path. Made fresh per sandbox.
 */
@Injectable()
export class IdpSigningKeys {
  readonly alg = ALG;
  private keys?: Promise<{ published: SigningKey; unpublished: SigningKey }>;

  get(): Promise<{ published: SigningKey; unpublished: SigningKey }> {
    this.keys ??= Promise.all([newKey('published'), newKey('unpublished')]).then(([published, unpublished]) => ({ published, unpublished }));
    return this.keys;
  }
}

async function newKey(label: string): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  const kid = `${label}-${randomUUID()}`;
  return { kid, privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALG, use: 'sig' } };
}
