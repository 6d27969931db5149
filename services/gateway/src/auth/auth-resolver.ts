import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Span } from '@opentelemetry/api';
import { parseCookie } from 'cookie';
import {
  API_KEY_PREFIX, ApiError, credentialDigest, EVENTS, isAuthContext, OPENAI_MESSAGES, SESSION_COOKIE, SUBJECTS, unauthorized, UnavailableError,
  type AuthContext, type RouteDef,
} from '@platform/contracts';
import { Dependency } from '@platform/config';
import { EventBus, RpcClient, ServiceUnavailableError } from '@platform/messaging';
import { GATEWAY_ENV } from '../gateway.tokens.js';
import type { GatewayEnv } from '../gateway.env.js';
import { ServiceOutages } from '../routing/service-outages.js';
import { CredentialCache } from './credential-cache.js';
import { checkInternalKey } from './internal-key.js';

export interface Resolved {
  auth: AuthContext | null;
  /** True when a cookie, not a bearer key, authenticated the call: the case CSRF is about. */
  byCookie: boolean;
}

type Headers = Record<string, string | string[] | undefined>;

/** Who is calling, by the route's auth mode (ARCHITECTURE.md, "A request's way", step 3). */
@Injectable()
export class AuthResolver implements OnApplicationBootstrap {
  /** Identity answering errors or malformed callers: logged once while it lasts, not per request. */
  private readonly brokenAnswers = new Dependency('credential lookups', new Logger('Auth'));
  private readonly cache: CredentialCache;

  constructor(
    private readonly rpc: RpcClient,
    private readonly outages: ServiceOutages,
    private readonly events: EventBus,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    this.cache = new CredentialCache(env.SESSION_CACHE_TTL_MS);
  }

  onApplicationBootstrap(): void {
    this.events.onBroadcast(EVENTS.identity.sessionsRevoked, (event) => this.cache.dropUser(event.userId));
  }

  /** `span`: the request's, the parent of a lookup's NATS request (the gateway keeps no active span). */
  async resolve(route: RouteDef, headers: Headers, span?: Span): Promise<Resolved> {
    switch (route.auth) {
      case 'none':
        return { auth: null, byCookie: false };
      case 'internal':
        checkInternalKey(this.env.INTERNAL_API_KEY, single(headers.authorization));
        return { auth: internalCaller(headers), byCookie: false };
      case 'sessionOrInternal':
        if (isBearer(headers) && !bearerKey(headers)) return this.resolve({ ...route, auth: 'internal' }, headers, span);
        return this.resolve({ ...route, auth: 'session' }, headers, span);
      case 'session':
      case 'optionalSession': {
        const resolved = await this.userCredential(headers, span);
        if (route.auth === 'session' && !resolved.auth) throw unauthorized();
        return resolved;
      }
      case 'apiKey': {
        // A session cookie does not open these routes: a program holds a key, and CSRF never applies.
        const key = bearerKey(headers);
        const auth = key ? await this.lookup(credentialDigest(key), SUBJECTS.identity.resolveApiKey, span) : null;
        if (!auth) throw new ApiError(401, OPENAI_MESSAGES.invalidApiKey);
        return { auth, byCookie: false };
      }
    }
  }

  /** A reply that clears the session cookie ended that session: forget it here without waiting for the broadcast. */
  forgetSession(headers: Headers): void {
    const token = sessionToken(headers);
    if (token) this.cache.drop(credentialDigest(token));
  }

  private async userCredential(headers: Headers, span: Span | undefined): Promise<Resolved> {
    const bearer = bearerKey(headers);
    if (bearer) return { auth: await this.lookup(credentialDigest(bearer), SUBJECTS.identity.resolveApiKey, span), byCookie: false };
    const token = sessionToken(headers);
    if (!token) return { auth: null, byCookie: false };
    const auth = await this.lookup(credentialDigest(token), SUBJECTS.identity.resolveSession, span);
    return { auth, byCookie: auth !== null };
  }

  /**
   * Fails closed: a credential identity cannot judge now (it is down, it failed, it answered
   * something that is not a whole AuthContext) is 503 on every route, never anonymous and never
   * cached. Only a well-formed caller with a user id is cached and let through.
   */
  private async lookup(digest: string, subject: typeof SUBJECTS.identity.resolveSession | typeof SUBJECTS.identity.resolveApiKey, span: Span | undefined) {
    const cached = this.cache.get(digest);
    if (cached) return cached;
    let answer: unknown;
    try {
      answer = await this.rpc.request<unknown>(subject, { digest }, undefined, { parent: span });
    } catch (error) {
      if (error instanceof ServiceUnavailableError) this.outages.failed(error);
      else this.brokenAnswers.failed(error);
      throw new UnavailableError();
    }
    this.outages.answered(subject);
    if (answer !== null && !isAuthContext(answer)) {
      this.brokenAnswers.failed('an answer that is not a whole AuthContext');
      throw new UnavailableError();
    }
    this.brokenAnswers.recovered();
    if (answer === null) return null;
    this.cache.set(digest, answer);
    return answer;
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function isBearer(headers: Headers): boolean {
  return /^Bearer\s/i.test(single(headers.authorization) ?? '');
}

/** A user `sk_` key sent as `Authorization: Bearer`. */
function bearerKey(headers: Headers): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(single(headers.authorization) ?? '')?.[1];
  return bearer?.startsWith(API_KEY_PREFIX) ? bearer : undefined;
}

function sessionToken(headers: Headers): string | undefined {
  const header = single(headers.cookie);
  return header ? parseCookie(header)[SESSION_COOKIE] || undefined : undefined;
}

/**
 * Bearer callers are trusted services; the user they act for comes from the identity headers
 * the web proxy forwards (platform-core section 5, item 8).
 */
function internalCaller(headers: Headers): AuthContext {
  return {
    userId: single(headers['x-user-id']) || 'anonymous',
    email: single(headers['x-user-email']) ?? '',
    name: '',
    isAdmin: false,
    plan: 'free',
    subscriptionStatus: 'inactive',
    via: 'internal',
  };
}
