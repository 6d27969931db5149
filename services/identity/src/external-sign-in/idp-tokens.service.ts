import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError, IDENTITY_MESSAGES as M, type GateTokenAccessView, type IdpRefreshedView, type IdpVerifyDto } from '@platform/contracts';
import { Db } from '@platform/database';
import { secretBoxFromKey, type SecretBox } from '@platform/secrets';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';
import { GateTokenService } from '../gate-token/gate-token.service.js';
import { refreshTokenContext } from './external-accounts.service.js';
import { IdpClient } from './idp-client.js';
import { LinkedAccountEntity } from './linked-account.entity.js';

/** The gate-token holding check of the verification (platform-core 4.4): the address's access when asked for. */
export type GateTokenCheck = 'not-checked' | GateTokenAccessView;

export interface IdTokenVerification {
  valid: true;
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** The platform user linked to this provider account, if any. */
  userId: string | null;
  gateToken: GateTokenCheck;
}

/** Identity verification by ID token, and refresh of the provider tokens a user's link holds. */
@Injectable()
export class IdpTokens {
  private readonly logger = new Logger(IdpTokens.name);
  private readonly box: SecretBox | null;

  constructor(
    private readonly idp: IdpClient,
    private readonly db: Db,
    private readonly gateTokens: GateTokenService,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {
    this.box = env.SECRETS_KEY ? secretBoxFromKey(env.SECRETS_KEY) : null;
  }

  async verify(request: IdpVerifyDto, requestId: string): Promise<IdTokenVerification> {
    if (!this.idp.configured) throw new ApiError(503, M.idpNotConfigured);
    const claims = await this.idp.verifyIdToken(request.idToken).catch(() => {
      throw new ApiError(401, M.idTokenInvalid);
    });
    const sub = String(claims.sub);
    const link = await this.db.asSystem((manager) => manager.getRepository(LinkedAccountEntity).findOneBy({ provider: 'idp', subject: sub }));
    return {
      valid: true,
      sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : null,
      userId: link?.userId ?? null,
      gateToken: request.checkGateToken ? await this.gateTokens.check({ address: request.address! }, requestId) : 'not-checked',
    };
  }

  /** Refreshes at the provider with the stored token and stores the one it hands back; no token leaves identity. */
  async refresh(userId: string, requestId: string): Promise<IdpRefreshedView> {
    const link = await this.db.withUser(userId, (manager) => manager.getRepository(LinkedAccountEntity).findOneBy({ userId, provider: 'idp' }));
    if (!link?.refreshTokenSealed || !this.box) throw new ApiError(404, M.noProviderRefreshToken);
    const context = refreshTokenContext('idp', link.subject);
    try {
      const refreshed = await this.idp.refresh(await this.box.open(link.refreshTokenSealed, context));
      const sealed = await this.box.seal(refreshed.refreshToken, context);
      await this.db.withUser(userId, (manager) => manager.getRepository(LinkedAccountEntity).update({ id: link.id }, { refreshTokenSealed: sealed }));
      return { ok: true, expiresIn: refreshed.expiresIn ?? null };
    } catch (error) {
      this.logger.warn({ requestId, err: error instanceof Error ? error.name : 'error' }, 'Provider token refresh failed');
      throw new ApiError(502, M.idpRefreshFailed);
    }
  }

  verifyMetadata() {
    return {
      endpoint: '/api/auth/idp/verify',
      method: 'POST',
      body: {
        idToken: 'string, required: an ID token the identity provider issued to this platform',
        checkGateToken: 'boolean, optional: also check that `address` holds the gate token',
        address: 'string, 0x-prefixed 20-byte address: required when checkGateToken is true',
      },
      issuer: this.env.IDP_ISSUER,
      audience: this.env.IDP_CLIENT_ID || null,
      response: ['valid', 'sub', 'email', 'emailVerified', 'name', 'userId', 'gateToken'],
      gateToken: "'not-checked', or with checkGateToken the address's gate-token access: { address, hasAccess, balance, required, token }",
    };
  }

  refreshMetadata() {
    return {
      endpoint: '/api/auth/idp/refresh',
      method: 'POST',
      auth: 'session',
      description: "Refreshes the identity provider's tokens of the signed-in user with the refresh token stored (sealed) at sign-in; no token is returned",
      response: ['ok', 'expiresIn'],
    };
  }
}
