import { PLANS, SUBSCRIPTION_STATUSES, type Plan, type SubscriptionStatus } from './plans.js';
import { unauthorized } from './api-error.js';

/** Who is calling, resolved once at the edge; services trust it and never re-read credentials. */
export interface AuthContext {
  userId: string;
  email: string;
  name: string;
  isAdmin: boolean;
  plan: Plan;
  subscriptionStatus: SubscriptionStatus;
  via: 'session' | 'apiKey' | 'internal';
  /** Digest of the session token when via is 'session'; lets signout end exactly this session. */
  sessionDigest?: string;
  /** The key that authenticated the call when via is 'apiKey': its usage is recorded and capped under it. */
  apiKey?: ApiKeyGrant;
}

export interface ApiKeyGrant {
  id: string;
  /** The key's monthly spend cap in micro-dollars; null when the key has none. */
  monthlySpendCapMicros: number | null;
}

function isApiKeyGrant(value: unknown): value is ApiKeyGrant {
  if (value === null || typeof value !== 'object') return false;
  const grant = value as Partial<Record<keyof ApiKeyGrant, unknown>>;
  const cap = grant.monthlySpendCapMicros;
  return typeof grant.id === 'string' && grant.id.length > 0
    && (cap === null || (typeof cap === 'number' && Number.isSafeInteger(cap) && cap >= 0));
}

const VIA: readonly AuthContext['via'][] = ['session', 'apiKey', 'internal'];

/**
 * Whether an answer is a whole AuthContext. The edge caches and forwards only these: anything
 * else from identity (an error dressed as data, a half-built object) must never become a caller.
 */
export function isAuthContext(value: unknown): value is AuthContext {
  if (value === null || typeof value !== 'object') return false;
  const auth = value as Partial<Record<keyof AuthContext, unknown>>;
  return typeof auth.userId === 'string' && auth.userId.length > 0
    && typeof auth.email === 'string'
    && typeof auth.name === 'string'
    && typeof auth.isAdmin === 'boolean'
    && (PLANS as readonly unknown[]).includes(auth.plan)
    && (SUBSCRIPTION_STATUSES as readonly unknown[]).includes(auth.subscriptionStatus)
    && (VIA as readonly unknown[]).includes(auth.via)
    && (auth.via === 'apiKey' ? isApiKeyGrant(auth.apiKey) : auth.apiKey === undefined);
}

/** What the gateway sends to a service for one HTTP request. */
export interface Envelope<Body = unknown> {
  auth: AuthContext | null;
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: Body;
  headers: Record<string, string | undefined>;
  ip: string;
  requestId: string;
  rawBody?: string;
  /** The inbox a streamed answer goes to (libs/contracts streams.ts), on a route that streams and a body asking for it. */
  streamInbox?: string;
}

export interface ReplyCookie {
  name: string;
  value: string;
  /** Seconds; 0 clears the cookie. */
  maxAge: number;
}

/** What a service answers; the gateway turns it into the HTTP response as is. */
export interface Reply<Body = unknown> {
  status: number;
  body?: Body;
  headers?: Record<string, string>;
  cookies?: ReplyCookie[];
  redirect?: string;
}

export function ok<Body>(body: Body, extra: Omit<Reply<Body>, 'status' | 'body'> = {}): Reply<Body> {
  return { status: 200, body, ...extra };
}

export function created<Body>(body: Body): Reply<Body> {
  return { status: 201, body };
}

/**
 * The caller on a session route; the edge already refused anonymous calls, this keeps handlers
 * honest. A caller without a user id is no caller: nothing scoped to a user may run for it.
 */
export function requireUser(envelope: Envelope): AuthContext {
  if (!isAuthContext(envelope.auth)) throw unauthorized();
  return envelope.auth;
}
