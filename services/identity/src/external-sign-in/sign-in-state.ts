import { Inject, Injectable } from '@nestjs/common';
import type { ReplyCookie } from '@platform/contracts';
import { secretBoxFromKey, type SecretBox } from '@platform/secrets';
import { Clock } from '../clock.js';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';
import type { ExternalProvider } from './linked-account.entity.js';

/** The browser's sign-in in progress: checked on return, then cleared. */
export interface SignInState {
  provider: ExternalProvider;
  state: string;
  nonce?: string;
  codeVerifier?: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export const SIGN_IN_STATE_COOKIE = 'sign-in-state';
/** Long enough to sign in at the provider, short enough that a stolen cookie is soon worthless. */
const TTL_SECONDS = 600;
const CONTEXT = 'sign-in-state';

/**
 * The state, nonce and PKCE verifier travel in a cookie sealed by libs/secrets (AES-GCM: neither
 * readable nor changeable by the browser), so no server keeps them and the callback works on any
 * replica. The cookie binds the flow to the browser that started it: a callback whose `state`
 * differs from the cookie's, or that comes without it, is refused.
 */
@Injectable()
export class SignInStateCookie {
  private readonly box: SecretBox | null;

  constructor(@Inject(IDENTITY_ENV) env: IdentityEnv, private readonly clock: Clock) {
    this.box = env.SECRETS_KEY ? secretBoxFromKey(env.SECRETS_KEY) : null;
  }

  get available(): boolean {
    return this.box !== null;
  }

  async seal(state: Omit<SignInState, 'expiresAt'>): Promise<ReplyCookie> {
    const value = await this.box!.seal(JSON.stringify({ ...state, expiresAt: this.clock.now().getTime() + TTL_SECONDS * 1000 }), CONTEXT);
    return { name: SIGN_IN_STATE_COOKIE, value, maxAge: TTL_SECONDS };
  }

  /** The state in the request's cookie header, when it is there, opens, is this provider's and has not expired. */
  async open(cookieHeader: string | undefined, provider: ExternalProvider): Promise<SignInState | null> {
    const value = cookieValue(cookieHeader, SIGN_IN_STATE_COOKIE);
    if (!value || !this.box) return null;
    try {
      const state = JSON.parse(await this.box.open(value, CONTEXT)) as SignInState;
      return state.provider === provider && state.expiresAt > this.clock.now().getTime() ? state : null;
    } catch {
      return null;
    }
  }

  cleared(): ReplyCookie {
    return { name: SIGN_IN_STATE_COOKIE, value: '', maxAge: 0 };
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}
