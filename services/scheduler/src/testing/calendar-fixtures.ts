import { secretBoxFromKey } from '@platform/secrets';
import { ownerQuery, type TestPlatform } from '@platform/testing';
import { sealContext } from '../calendar/calendar-connections.js';

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
