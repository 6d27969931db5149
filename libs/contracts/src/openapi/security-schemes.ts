import { SESSION_COOKIE } from '../identity/session-token.js';
import type { AuthMode } from '../routes.js';
import type { SecurityRequirement } from './openapi-types.js';

/** The three credentials the edge reads (routes.ts, AuthMode). */
export const SECURITY_SCHEMES = {
  sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by sign-in.' },
  userKey: { type: 'http', scheme: 'bearer', bearerFormat: 'sk_…', description: 'A user API key (`sk_…`) as `Authorization: Bearer`.' },
  internalKey: { type: 'http', scheme: 'bearer', description: 'The platform’s shared INTERNAL_API_KEY as `Authorization: Bearer`.' },
} as const;

type SchemeName = keyof typeof SECURITY_SCHEMES;

const only = (...names: SchemeName[]): SecurityRequirement[] => names.map((name) => ({ [name]: [] }));

/** Alternatives, any one of which lets a caller in; `{}` marks a route anyone may call. */
export const SECURITY_OF: Record<AuthMode, SecurityRequirement[]> = {
  session: only('sessionCookie', 'userKey'),
  optionalSession: [...only('sessionCookie', 'userKey'), {}],
  apiKey: only('userKey'),
  internal: only('internalKey'),
  sessionOrInternal: only('sessionCookie', 'userKey', 'internalKey'),
  none: [],
};
