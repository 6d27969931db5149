/** Event-type bases of platform-core section 6: the provider's RISC namespace, and OAuth's for tokens-revoked. */
export const RISC_EVENT_BASE = 'https://schemas.openid.net/secevent/risc/event-type/';
export const OAUTH_EVENT_BASE = 'https://schemas.openid.net/secevent/oauth/event-type/';

export const RISC_EVENT_NAMES = [
  'account-disabled',
  'account-enabled',
  'sessions-revoked',
  'tokens-revoked',
  'account-credential-change-required',
  'verification',
] as const;

export type RiscEventName = (typeof RISC_EVENT_NAMES)[number];

/** The full event-type URI of a section 6 event. */
export function riscEventType(name: RiscEventName): string {
  return `${name === 'tokens-revoked' ? OAUTH_EVENT_BASE : RISC_EVENT_BASE}${name}`;
}

export const RISC_EVENT_TYPES: readonly string[] = RISC_EVENT_NAMES.map(riscEventType);

/** The section 6 name of an event-type URI, or null for one the receiver does not act on. */
export function riscEventName(type: string): RiscEventName | null {
  return RISC_EVENT_NAMES.find((name) => riscEventType(name) === type) ?? null;
}

/** The media type of a Security Event Token (RFC 8417). */
export const SECEVENT_JWT_TYPE = 'secevent+jwt';
