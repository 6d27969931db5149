import { importJWK, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { RISC_EVENT_NAMES, riscEventType, SECEVENT_JWT_TYPE, type RiscEventName } from '@platform/contracts';
import type { SigningKey } from './idp-signing-keys.service.js';

export interface SecurityEventRequest {
  /** Event type (a full URI, or a section 6 name such as `account-disabled`) to its data. */
  events: Record<string, Record<string, unknown>>;
  sub?: string;
  email?: string;
  jti?: string;
  iss: string;
  aud: string;
}

/**
 * A Security Event Token as the provider sends one (RFC 8417): each event's data gets a `subject`
 * naming the account (issuer and subject, or email) unless it brings its own.
 */
export async function signSecurityEvent(request: SecurityEventRequest, key: SigningKey, alg: string): Promise<string> {
  const subject = request.sub
    ? { subject_type: 'iss-sub', iss: request.iss, sub: request.sub, ...(request.email ? { email: request.email } : {}) }
    : request.email ? { subject_type: 'email', email: request.email } : undefined;
  const events = Object.fromEntries(Object.entries(request.events).map(([type, data]) => [
    (RISC_EVENT_NAMES as readonly string[]).includes(type) ? riscEventType(type as RiscEventName) : type,
    { ...(subject ? { subject } : {}), ...data },
  ]));
  return new SignJWT({ jti: request.jti ?? randomUUID(), events })
    .setProtectedHeader({ alg, kid: key.kid, typ: SECEVENT_JWT_TYPE })
    .setIssuer(request.iss)
    .setAudience(request.aud)
    .setIssuedAt()
    .sign(await importJWK(key.privateJwk, alg));
}
