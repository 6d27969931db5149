import { randomBytes } from 'node:crypto';
import { secretBoxFromKey } from '@platform/secrets';
import { ownerQuery, type SignInOptions, type TestPlatform, type TestResponse, type TestUser } from '@platform/testing';
import { sealContext } from '../calendar/calendar-connections.js';

export interface ConnectedCalendar {
  /** The person at the sandbox provider, whose email names their primary calendar. */
  email: string;
  /** The platform's last answer: the redirect to the dashboard. */
  landing: TestResponse;
}

/** Connects the user's calendar as a browser does: redirect start, the provider's consent, the callback. */
export async function connectCalendar(
  platform: TestPlatform, user: TestUser, consent: { timeZone?: string; deny?: boolean } = {}, options: SignInOptions = {},
): Promise<ConnectedCalendar> {
  const email = `calendar-${randomBytes(5).toString('hex')}@calendar.test`;
  await platform.calendar.nextConsent({ email, ...consent });
  const landing = await platform.identityProviders.signIn(user.client, '/api/calendar?action=auth', options);
  return { email, landing };
}

/** The user's stored tokens, unsealed with the platform's key; null when no calendar is connected. */
export async function storedTokens(platform: TestPlatform, userId: string): Promise<{ accessToken: string; refreshToken: string } | null> {
  const [row] = await ownerQuery<{ sealed_access_token: string; sealed_refresh_token: string }>(
    platform.env, 'SELECT sealed_access_token, sealed_refresh_token FROM scheduler.calendar_connections WHERE user_id = $1', [userId]);
  if (!row) return null;
  const box = secretBoxFromKey(String(platform.env.SECRETS_KEY));
  return {
    accessToken: await box.open(row.sealed_access_token, sealContext(userId, 'access')),
    refreshToken: await box.open(row.sealed_refresh_token, sealContext(userId, 'refresh')),
  };
}
