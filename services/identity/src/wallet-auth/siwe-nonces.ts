import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '@platform/queue';
import { generateSiweNonce } from 'viem/siwe';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';

/** Ten minutes to sign: long enough for a wallet's prompt, short enough that a leaked nonce goes stale. */
export const SIWE_NONCE_TTL_SECONDS = 600;

/** Nonces handed out for wallet sign-in, each usable once, kept in Redis so every replica knows them. */
@Injectable()
export class SiweNonces {
  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(IDENTITY_ENV) private readonly env: IdentityEnv) {}

  async issue(): Promise<string> {
    const nonce = generateSiweNonce();
    await this.redis.set(this.key(nonce), '1', 'EX', SIWE_NONCE_TTL_SECONDS);
    return nonce;
  }

  async isOpen(nonce: string): Promise<boolean> {
    return (await this.redis.exists(this.key(nonce))) === 1;
  }

  /** True for exactly one caller per nonce, however many present it at once. */
  async consume(nonce: string): Promise<boolean> {
    return (await this.redis.getdel(this.key(nonce))) !== null;
  }

  private key(nonce: string): string {
    return `${this.env.REDIS_PREFIX}identity:siwe-nonce:${nonce}`;
  }
}
