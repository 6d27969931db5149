import { Inject, Injectable } from '@nestjs/common';
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { ApiError, IDENTITY_MESSAGES as M } from '@platform/contracts';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';
import { RiscSigningKeys } from './risc-signing-keys.js';

export interface VerifiedSecurityEvent {
  jti: string;
  events: Record<string, Record<string, unknown>>;
}

/**
 * A Security Event Token checked as platform-core 4.3 says: the issuer exactly (trailing slash),
 * an audience among our client ids, a signature by a key the provider publishes.
 */
@Injectable()
export class RiscVerifier {
  private readonly audiences: string[];

  constructor(private readonly keys: RiscSigningKeys, @Inject(IDENTITY_ENV) private readonly env: IdentityEnv) {
    this.audiences = [env.IDP_CLIENT_ID, ...env.IDP_RISC_AUDIENCES.split(',')].map((id) => id.trim()).filter(Boolean);
  }

  async verify(raw: string): Promise<VerifiedSecurityEvent> {
    const token = raw.trim();
    if (!token) throw new ApiError(400, M.riscEmptyBody);
    let claims;
    try {
      decodeProtectedHeader(token);
      claims = decodeJwt(token);
    } catch {
      throw new ApiError(400, M.riscMalformed);
    }
    // Cheap claim checks first: a token for someone else costs no key fetch.
    if (claims.iss !== this.env.IDP_ISSUER) throw new ApiError(400, M.riscWrongIssuer);
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.some((audience: unknown) => typeof audience === 'string' && this.audiences.includes(audience))) {
      throw new ApiError(400, M.riscWrongAudience);
    }
    const { payload } = await jwtVerify(token, (header) => this.keys.keyFor(header), {
      issuer: this.env.IDP_ISSUER,
      audience: this.audiences,
    }).catch((error: unknown) => {
      if (error instanceof ApiError) throw error;
      if (error instanceof errors.JWSSignatureVerificationFailed) throw new ApiError(400, M.riscBadSignature);
      throw new ApiError(400, M.riscMalformed);
    });
    const { jti, events } = payload as { jti?: unknown; events?: unknown };
    if (typeof jti !== 'string' || jti === '' || events === null || typeof events !== 'object' || Array.isArray(events)) {
      throw new ApiError(400, M.riscMalformed);
    }
    return { jti, events: events as Record<string, Record<string, unknown>> };
  }
}
