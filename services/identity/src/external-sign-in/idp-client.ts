import { Inject, Injectable } from '@nestjs/common';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';
import type { ExternalProfile } from './external-profile.js';

export const IDP_SCOPES = 'openid email profile offline_access';

export interface IdpChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The identity provider through openid-client: discovery (kept once it answered), the
 * authorization URL with PKCE, the code exchange with ID-token validation, userinfo, refresh.
 */
@Injectable()
export class IdpClient {
  private configuration?: Promise<oidc.Configuration>;
  private jwks?: ReturnType<typeof createRemoteJWKSet>;

  constructor(@Inject(IDENTITY_ENV) private readonly env: IdentityEnv) {}

  get configured(): boolean {
    return this.env.IDP_CLIENT_ID !== '';
  }

  get clientId(): string {
    return this.env.IDP_CLIENT_ID;
  }

  async authorizationUrl(redirectUri: string, state: string, nonce: string, codeVerifier: string): Promise<string> {
    return oidc.buildAuthorizationUrl(await this.config(), {
      redirect_uri: redirectUri,
      scope: IDP_SCOPES,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      // The provider issues a refresh token (offline access) only with consent asked.
      prompt: 'consent',
      access_type: 'offline',
    }).href;
  }

  /** Exchanges the code (state, nonce and PKCE checked), then reads email and name from userinfo. */
  async exchange(callbackUrl: URL, checks: IdpChecks): Promise<ExternalProfile> {
    const config = await this.config();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const subject = tokens.claims()!.sub;
    const info = await oidc.fetchUserInfo(config, tokens.access_token, subject);
    const verified = info.email_verified !== false;
    return {
      subject,
      email: typeof info.email === 'string' && verified ? info.email : '',
      name: typeof info.name === 'string' ? info.name : '',
      refreshToken: tokens.refresh_token,
    };
  }

  /** A refresh at the provider; its answer's new refresh token (when it rotates them) replaces the old. */
  async refresh(refreshToken: string): Promise<{ refreshToken: string; expiresIn: number | undefined }> {
    const tokens = await oidc.refreshTokenGrant(await this.config(), refreshToken);
    return { refreshToken: tokens.refresh_token ?? refreshToken, expiresIn: tokens.expiresIn() };
  }

  /** An ID token the provider signed for this client: issuer, audience, signature and expiry checked. */
  async verifyIdToken(idToken: string): Promise<JWTPayload> {
    const config = await this.config();
    this.jwks ??= createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!));
    const { payload } = await jwtVerify(idToken, this.jwks, { issuer: this.env.IDP_ISSUER, audience: this.env.IDP_CLIENT_ID });
    return payload;
  }

  private config(): Promise<oidc.Configuration> {
    this.configuration ??= oidc.discovery(new URL(this.env.IDP_ISSUER), this.env.IDP_CLIENT_ID, this.env.IDP_CLIENT_SECRET, undefined, {
      ...(this.env.IDP_ISSUER.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
    }).catch((error: unknown) => {
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }
}
