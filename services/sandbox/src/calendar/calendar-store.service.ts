import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../clock.service.js';
import type { CalendarAccount } from './calendar-account.model.js';

/** How long an access token lasts, as the provider states it in `expires_in`. */
export const ACCESS_TOKEN_SECONDS = 3600;

export interface NextConsent {
  email?: string;
  timeZone?: string;
  /** The person refuses: the browser comes back with `error=access_denied`. */
  deny?: boolean;
}

interface AccessGrant {
  email: string;
  expiresAt: number;
}

/** Accounts, who consents next, codes, refresh tokens and access tokens, in memory. */
@Injectable()
export class CalendarStore {
  private readonly accounts = new Map<string, CalendarAccount>();
  private next: NextConsent | null = null;
  private counter = 0;
  private readonly codes = new Map<string, { email: string; clientId: string; redirectUri: string }>();
  private readonly refreshTokens = new Map<string, string>();
  private readonly accessTokens = new Map<string, AccessGrant>();

  constructor(private readonly clock: Clock) {}

  queueConsent(consent: NextConsent): void {
    this.next = consent;
  }

  /** The consent of whoever is queued (else a new person): a code for them, or null when they refuse. */
  consent(clientId: string, redirectUri: string): string | null {
    const next = this.next ?? {};
    this.next = null;
    if (next.deny) return null;
    this.counter += 1;
    const account = this.account(next.email ?? `person${this.counter}-${randomBytes(3).toString('hex')}@calendar.test`);
    if (next.timeZone) account.timeZone = next.timeZone;
    const code = `4/${randomBytes(16).toString('base64url')}`;
    this.codes.set(code, { email: account.email, clientId, redirectUri });
    return code;
  }

  /** The code's tokens, once; null for an unknown code, another client or another redirect URI. */
  redeemCode(code: string, clientId: string, redirectUri: string | undefined): { accessToken: string; refreshToken: string } | null {
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.clientId !== clientId || grant.redirectUri !== redirectUri) return null;
    const refreshToken = `1//${randomBytes(24).toString('base64url')}`;
    this.refreshTokens.set(refreshToken, grant.email);
    this.account(grant.email).grants.authorization_code += 1;
    return { accessToken: this.issueAccess(grant.email), refreshToken };
  }

  refresh(refreshToken: string): string | null {
    const email = this.refreshTokens.get(refreshToken);
    if (!email) return null;
    this.account(email).grants.refresh_token += 1;
    return this.issueAccess(email);
  }

  /** The account an unexpired access token is for. */
  accountOf(accessToken: string): CalendarAccount | undefined {
    const grant = this.accessTokens.get(accessToken);
    return grant && grant.expiresAt > this.clock.now() ? this.accounts.get(grant.email) : undefined;
  }

  /** Every access token of the account stops working now; its refresh tokens still do. */
  expireAccess(email: string): number {
    let expired = 0;
    for (const grant of this.accessTokens.values()) {
      if (grant.email === email && grant.expiresAt > this.clock.now()) {
        grant.expiresAt = 0;
        expired += 1;
      }
    }
    return expired;
  }

  find(email: string): CalendarAccount | undefined {
    return this.accounts.get(email);
  }

  private account(email: string): CalendarAccount {
    let account = this.accounts.get(email);
    if (!account) {
      account = { email, timeZone: 'UTC', events: new Map(), grants: { authorization_code: 0, refresh_token: 0 }, failWith: null };
      this.accounts.set(email, account);
    }
    return account;
  }

  private issueAccess(email: string): string {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(token, { email, expiresAt: this.clock.now() + ACCESS_TOKEN_SECONDS * 1000 });
    return token;
  }
}
