import { Inject, Injectable } from '@nestjs/common';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';
import type { ExternalProfile } from './external-profile.js';

const TIMEOUT_MS = 5000;

interface CodeHostEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** The source-code host's OAuth web flow and user API (GitHub's shapes). */
@Injectable()
export class CodeHostClient {
  constructor(@Inject(IDENTITY_ENV) private readonly env: IdentityEnv) {}

  get configured(): boolean {
    return this.env.CODE_HOST_CLIENT_ID !== '' && this.env.CODE_HOST_CLIENT_SECRET !== '';
  }

  authorizationUrl(redirectUri: string, state: string): string {
    const url = new URL(`${this.env.CODE_HOST_URL.replace(/\/+$/, '')}/login/oauth/authorize`);
    url.search = new URLSearchParams({ client_id: this.env.CODE_HOST_CLIENT_ID, redirect_uri: redirectUri, scope: 'read:user user:email', state }).toString();
    return url.href;
  }

  /** The access token for a code; throws when the host refuses it. */
  async exchange(code: string, redirectUri: string): Promise<string> {
    const response = await fetch(`${this.env.CODE_HOST_URL.replace(/\/+$/, '')}/login/oauth/access_token`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: this.env.CODE_HOST_CLIENT_ID, client_secret: this.env.CODE_HOST_CLIENT_SECRET, code, redirect_uri: redirectUri }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = await response.json() as { access_token?: string; error?: string };
    if (!response.ok || !body.access_token) throw new Error(`code exchange refused: ${body.error ?? response.status}`);
    return body.access_token;
  }

  /** The user, with the primary email only when the host has verified it (linking trusts nothing less). */
  async profile(accessToken: string): Promise<ExternalProfile> {
    const [user, emails] = await Promise.all([
      this.api<{ id: number; login: string; name: string | null }>('/user', accessToken),
      this.api<CodeHostEmail[]>('/user/emails', accessToken),
    ]);
    const primary = emails.find((email) => email.primary && email.verified);
    return { subject: String(user.id), email: primary?.email ?? '', name: user.name ?? user.login };
  }

  private async api<T>(path: string, accessToken: string): Promise<T> {
    const response = await fetch(`${this.env.CODE_HOST_API_URL.replace(/\/+$/, '')}${path}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`code host ${path} answered ${response.status}`);
    return response.json() as Promise<T>;
  }
}
