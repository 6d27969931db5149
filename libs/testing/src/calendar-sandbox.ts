import { randomBytes } from 'node:crypto';
import type { SignInOptions } from './identity-sandbox.js';
import type { TestPlatform, TestUser } from './platform.js';
import { sandboxHook } from './sandbox-hook.js';
import type { TestResponse } from './test-client.js';

export interface SandboxCalendarEvent {
  id: string;
  summary?: string;
  description?: string;
  location?: string;
  start: { dateTime?: string; date?: string };
  end: { dateTime?: string; date?: string };
  attendees?: { email: string }[];
}

export interface SandboxCalendarAccount {
  email: string;
  timeZone: string;
  grants: { authorization_code: number; refresh_token: number };
  failWith: number | null;
  events: SandboxCalendarEvent[];
}

/** The sandbox calendar provider's hooks (docs/sandbox.md, Calendar provider). */
export class CalendarSandbox {
  constructor(private readonly sandboxUrl: string) {}

  /** Who approves the next consent, in which timezone; `deny` refuses it. */
  async nextConsent(consent: { email?: string; timeZone?: string; deny?: boolean }): Promise<void> {
    await sandboxHook(this.sandboxUrl, 'PUT', '/calendar/next-consent', consent);
  }

  async expireAccess(email: string): Promise<number> {
    return (await sandboxHook<{ expired: number }>(this.sandboxUrl, 'POST', `/calendar/accounts/${encodeURIComponent(email)}/expire-access`)).expired;
  }

  async setTimeZone(email: string, timeZone: string): Promise<void> {
    await sandboxHook(this.sandboxUrl, 'PUT', `/calendar/accounts/${encodeURIComponent(email)}/time-zone`, { timeZone });
  }

  async failWith(email: string, status: number | null): Promise<void> {
    await sandboxHook(this.sandboxUrl, 'PUT', `/calendar/accounts/${encodeURIComponent(email)}/failure`, { status });
  }

  async account(email: string): Promise<SandboxCalendarAccount> {
    return sandboxHook<SandboxCalendarAccount>(this.sandboxUrl, 'GET', `/calendar/accounts/${encodeURIComponent(email)}`);
  }
}

export interface ConnectedCalendar {
  /** The person at the sandbox provider, whose email names their primary calendar. */
  email: string;
  /** The platform's last answer: the redirect to the dashboard. */
  landing: TestResponse;
}

/** Connects the user's calendar as a browser does: redirect start, the provider's consent, the callback (needs the scheduler). */
export async function connectCalendar(
  platform: TestPlatform, user: TestUser, consent: { timeZone?: string; deny?: boolean } = {}, options: SignInOptions = {},
): Promise<ConnectedCalendar> {
  const email = `calendar-${randomBytes(5).toString('hex')}@calendar.test`;
  await platform.calendar.nextConsent({ email, ...consent });
  const landing = await platform.identityProviders.signIn(user.client, '/api/calendar?action=auth', options);
  return { email, landing };
}
