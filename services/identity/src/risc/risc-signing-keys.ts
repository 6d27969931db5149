import { Inject, Injectable } from '@nestjs/common';
import { createLocalJWKSet, errors, type JSONWebKeySet, type JWSHeaderParameters } from 'jose';
import { ApiError, IDENTITY_MESSAGES as M } from '@platform/contracts';
import { Clock } from '../clock.js';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';

/** platform-core 4.3: the provider's keys are cached 24 hours. */
const CACHE_MS = 24 * 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5000;

/**
 * The provider's signing keys from its RISC configuration's `jwks_uri`: cached for a day, fetched
 * again once for a `kid` the cache does not know (the provider rotated), then refused.
 */
@Injectable()
export class RiscSigningKeys {
  private keys?: { set: ReturnType<typeof createLocalJWKSet>; fetchedAt: number };
  private fetching?: Promise<void>;

  constructor(@Inject(IDENTITY_ENV) private readonly env: IdentityEnv, private readonly clock: Clock) {}

  /** The key for a token's header; ApiError 400 for a key the provider does not publish. */
  async keyFor(header: JWSHeaderParameters): ReturnType<ReturnType<typeof createLocalJWKSet>> {
    const now = this.clock.now().getTime();
    if (!this.keys || now - this.keys.fetchedAt > CACHE_MS) await this.fetch();
    try {
      return await this.keys!.set(header, { payload: '', signature: '' } as never);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || now - this.keys!.fetchedAt < this.env.RISC_KEYS_REFETCH_MS) throw unknownKey(error);
    }
    await this.fetch();
    return this.keys!.set(header, { payload: '', signature: '' } as never).catch((error: unknown) => {
      throw unknownKey(error);
    });
  }

  /** One fetch at a time: concurrent events with a new kid share it. */
  private fetch(): Promise<void> {
    this.fetching ??= this.load().finally(() => {
      this.fetching = undefined;
    });
    return this.fetching;
  }

  private async load(): Promise<void> {
    try {
      const configUrl = this.env.IDP_RISC_CONFIGURATION_URL || `${this.env.IDP_ISSUER}.well-known/risc-configuration`;
      const config = await getJson<{ jwks_uri?: string }>(configUrl);
      if (!config.jwks_uri) throw new Error('RISC configuration without jwks_uri');
      const jwks = await getJson<JSONWebKeySet>(config.jwks_uri);
      this.keys = { set: createLocalJWKSet(jwks), fetchedAt: this.clock.now().getTime() };
    } catch (error) {
      if (this.keys) {
        // Keep the keys we have; an unknown kid stays unknown until a fetch succeeds.
        this.keys.fetchedAt = this.clock.now().getTime();
        return;
      }
      throw new ApiError(503, M.riscKeysUnavailable);
    }
  }
}

function unknownKey(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(400, M.riscUnknownKey);
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json() as Promise<T>;
}
