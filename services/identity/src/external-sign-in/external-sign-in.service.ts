import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { EXTERNAL_SIGN_IN_ERRORS as E, type Envelope, type Reply } from '@platform/contracts';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { CodeHostClient } from './code-host-client.js';
import type { ExternalProfile } from './external-profile.js';
import { ExternalAccounts } from './external-accounts.service.js';
import { IdpClient } from './idp-client.js';
import type { ExternalProvider } from './linked-account.entity.js';
import { SignInFailure, type SignInErrorValue } from './sign-in-failure.js';
import { SignInStateCookie, type SignInState } from './sign-in-state.js';

const CALLBACK_PATHS: Record<ExternalProvider, string> = {
  idp: '/api/auth/idp/callback',
  'code-host': '/api/auth/code-host/callback',
};

/** platform-core 4.2: start at the provider, come back with a code, leave signed in or at `/login?error=…`. */
@Injectable()
export class ExternalSignIn {
  private readonly logger = new Logger(ExternalSignIn.name);

  constructor(
    private readonly idp: IdpClient,
    private readonly codeHost: CodeHostClient,
    private readonly accounts: ExternalAccounts,
    private readonly sessions: SessionsService,
    private readonly stateCookie: SignInStateCookie,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {}

  async start(provider: ExternalProvider, requestId: string): Promise<Reply> {
    const configured = provider === 'idp' ? this.idp.configured : this.codeHost.configured;
    if (!configured || !this.stateCookie.available) return failed(E.notConfigured);
    try {
      const state = oidc.randomState();
      if (provider === 'code-host') {
        return redirect(this.codeHost.authorizationUrl(this.callbackUrl(provider), state), [await this.stateCookie.seal({ provider, state })]);
      }
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const url = await this.idp.authorizationUrl(this.callbackUrl(provider), state, nonce, codeVerifier);
      return redirect(url, [await this.stateCookie.seal({ provider, state, nonce, codeVerifier })]);
    } catch (error) {
      this.logger.error({ requestId, provider, err: String(error) }, 'External sign-in could not start');
      return failed(E.authError);
    }
  }

  async callback(provider: ExternalProvider, envelope: Envelope): Promise<Reply> {
    const cleared = this.stateCookie.cleared();
    try {
      const query = envelope.query;
      const code = typeof query.code === 'string' ? query.code : '';
      if (!code) throw new SignInFailure(E.authFailed);
      const state = await this.stateCookie.open(envelope.headers.cookie, provider);
      if (!state || query.state !== state.state) throw new SignInFailure(E.authFailed);
      const profile = await this.profile(provider, code, state, query);
      const userId = await this.accounts.userFor(provider, profile);
      return redirect('/dashboard', [cleared, await this.sessions.open(userId)]);
    } catch (error) {
      const value: SignInErrorValue = error instanceof SignInFailure ? error.value : E.authError;
      if (value === E.authError || value === E.tokenFailed) {
        // The provider's words only: never a token, a code or the state.
        this.logger.warn({ requestId: envelope.requestId, provider, value, err: describe(error) }, 'External sign-in failed');
      }
      return { ...failed(value), cookies: [cleared] };
    }
  }

  private async profile(provider: ExternalProvider, code: string, state: SignInState, query: Envelope['query']): Promise<ExternalProfile> {
    let profile: ExternalProfile;
    if (provider === 'code-host') {
      const accessToken = await this.codeHost.exchange(code, this.callbackUrl(provider)).catch((error: unknown) => {
        throw new SignInFailure(E.tokenFailed, error);
      });
      profile = await this.codeHost.profile(accessToken);
    } else {
      const callback = new URL(this.callbackUrl(provider));
      for (const [name, value] of Object.entries(query)) if (typeof value === 'string') callback.searchParams.set(name, value);
      profile = await this.idp.exchange(callback, { state: state.state, nonce: state.nonce!, codeVerifier: state.codeVerifier! })
        .catch((error: unknown) => {
          throw new SignInFailure(E.tokenFailed, error);
        });
    }
    if (!profile.email) throw new SignInFailure(E.noEmail);
    return profile;
  }

  private callbackUrl(provider: ExternalProvider): string {
    return `${(this.env.OAUTH_CALLBACK_BASE_URL || this.env.APP_URL).replace(/\/+$/, '')}${CALLBACK_PATHS[provider]}`;
  }
}

function redirect(location: string, cookies: Reply['cookies']): Reply {
  return { status: 302, redirect: location, cookies };
}

function failed(value: SignInErrorValue): Reply {
  return { status: 302, redirect: `/login?error=${value}` };
}

function describe(error: unknown): string {
  const cause = error instanceof SignInFailure ? error.cause : error;
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
}
