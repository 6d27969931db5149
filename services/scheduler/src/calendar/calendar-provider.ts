import { Inject, Injectable } from '@nestjs/common';
import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import { CALENDAR_MESSAGES as M, CALENDAR_SCOPE, UnavailableError } from '@platform/contracts';
import type { SchedulerEnv } from '../scheduler.env.js';
import { SCHEDULER_ENV } from '../scheduler.tokens.js';
import type { ProviderTokens } from './provider-tokens.js';

type OAuth2Client = InstanceType<typeof auth.OAuth2>;

export const CALENDAR_CALLBACK_PATH = '/api/calendar/callback';

/**
 * The calendar provider through its own SDK (OAuth2Client and the v3 API), every base URL from the
 * env: pointing production at the real provider is a configuration change.
 */
@Injectable()
export class CalendarProvider {
  constructor(@Inject(SCHEDULER_ENV) private readonly env: SchedulerEnv) {}

  /** The consent screen: offline access (a refresh token), the calendar scope, our signed state. */
  consentUrl(state: string): string {
    return this.client().generateAuthUrl({ access_type: 'offline', prompt: 'consent', scope: [CALENDAR_SCOPE], state });
  }

  /** The code traded for tokens; null when the provider refuses or gives no refresh token. */
  async exchange(code: string): Promise<ProviderTokens | null> {
    const { tokens } = await this.client().getToken(code);
    if (!tokens.access_token || !tokens.refresh_token) return null;
    return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: expiry(tokens.expiry_date) };
  }

  /**
   * The API as the user with these tokens. On a 401 (or near expiry) OAuth2Client refreshes with
   * the refresh token and retries; `onRefresh` receives the new tokens so the caller stores them.
   */
  api(tokens: ProviderTokens, onRefresh: (fresh: ProviderTokens) => void): calendar_v3.Calendar {
    const client = this.client();
    client.setCredentials({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken, expiry_date: tokens.expiresAt?.getTime() ?? null });
    client.on('tokens', (fresh) => {
      if (fresh.access_token) {
        onRefresh({ accessToken: fresh.access_token, refreshToken: fresh.refresh_token ?? tokens.refreshToken, expiresAt: expiry(fresh.expiry_date) });
      }
    });
    return calendar({ version: 'v3', auth: client, rootUrl: this.env.CALENDAR_API_URL });
  }

  /** 503 while the platform has no client at the provider or no key to seal tokens with. */
  assertConfigured(): void {
    if (!this.env.CALENDAR_CLIENT_ID || !this.env.SECRETS_KEY) throw new UnavailableError(M.notConfigured);
  }

  private client(): OAuth2Client {
    this.assertConfigured();
    return new auth.OAuth2({
      clientId: this.env.CALENDAR_CLIENT_ID,
      clientSecret: this.env.CALENDAR_CLIENT_SECRET,
      redirectUri: `${(this.env.OAUTH_CALLBACK_BASE_URL || this.env.APP_URL).replace(/\/+$/, '')}${CALENDAR_CALLBACK_PATH}`,
      endpoints: { oauth2AuthBaseUrl: this.env.CALENDAR_AUTH_URL, oauth2TokenUrl: this.env.CALENDAR_TOKEN_URL },
      // A token the provider revoked before its stated expiry is refreshed on the 401 too, not only near expiry.
      forceRefreshOnFailure: true,
    });
  }
}

function expiry(expiryDate: number | null | undefined): Date | null {
  return typeof expiryDate === 'number' ? new Date(expiryDate) : null;
}
