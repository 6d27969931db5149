import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CALENDAR_MESSAGES as M } from '@platform/contracts';
import { connectCalendar, TestPlatform, TEST_INTERNAL_API_KEY, type TestResponse, type TestUser } from '@platform/testing';
import { storedTokens } from '../testing/calendar-fixtures.js';

const location = (response: TestResponse) => response.headers.get('location');

describe('/api/calendar connection (extended-services 4.3)', () => {
  let platform: TestPlatform;
  /** Every body and redirect the platform answered in this file, scanned for tokens at the end. */
  const answered: string[] = [];
  const seen = (response: TestResponse): TestResponse => {
    answered.push(JSON.stringify(response.body), location(response) ?? '');
    return response;
  };
  /** Every token the provider gave the platform, read from the sealed rows. */
  const tokens: string[] = [];
  const remember = async (userId: string) => {
    const stored = await storedTokens(platform, userId);
    if (stored) tokens.push(stored.accessToken, stored.refreshToken);
    return stored;
  };

  beforeAll(async () => {
    platform = await TestPlatform.start({ processes: ['scheduler'] });
    await platform.startService('scheduler', { LOG_LEVEL: 'trace' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('Connect: POST { action: connect, userId }', () => {
    it('answers { authUrl } at the provider\'s consent screen: offline access, the calendar scope, a signed state that is not the userId', async () => {
      const user = await platform.newUser();
      const response = seen(await user.client.post('/api/calendar', { action: 'connect', userId: user.id }));
      expect(response.status).toBe(200);
      const url = new URL(response.body.authUrl);
      expect(`${url.origin}${url.pathname}`).toBe(platform.sandbox.calendar.authUrl);
      expect(url.searchParams.get('client_id')).toBe(platform.sandbox.calendar.clientId);
      expect(url.searchParams.get('access_type')).toBe('offline');
      expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/calendar');
      expect(url.searchParams.get('redirect_uri')).toBe(`${platform.webUrl}/api/calendar/callback`);
      expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(url.searchParams.get('state')).not.toContain(user.id);
    });

    it('answers 400 invalid action for an action that is not one of 4.3', async () => {
      const user = await platform.newUser();
      const response = await user.client.post('/api/calendar', { action: 'explode', userId: user.id });
      expect(response).toMatchObject({ status: 400, body: { error: M.invalidAction } });
    });

    it('answers 400 invalid action on GET too', async () => {
      const user = await platform.newUser();
      expect(await user.client.get('/api/calendar?action=explode')).toMatchObject({ status: 400, body: { error: M.invalidAction } });
    });

    it('answers 401 without a session', async () => {
      expect((await platform.web().post('/api/calendar', { action: 'connect' })).status).toBe(401);
    });

    it('answers 403 for a userId that is not the caller\'s, on POST and on GET', async () => {
      const [user, other] = [await platform.newUser(), await platform.newUser()];
      expect(await user.client.post('/api/calendar', { action: 'connect', userId: other.id })).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
      expect((await user.client.get(`/api/calendar?action=list&userId=${other.id}`)).status).toBe(403);
    });
  });

  describe('Redirect start and callback', () => {
    it('redirect start sends the browser to the consent screen', async () => {
      const user = await platform.newUser();
      const response = seen(await user.client.get('/api/calendar?action=auth'));
      expect(response.status).toBe(302);
      expect(location(response)).toMatch(new RegExp(`^${platform.sandbox.calendar.authUrl}\\?`));
    });

    it('consent then callback: the code is exchanged, the primary calendar and its timezone stored, the browser sent to the dashboard', async () => {
      const user = await platform.newUser();
      const { landing } = await connectCalendar(platform, user, { timeZone: 'Europe/Berlin' });
      seen(landing);
      expect(landing.status).toBe(302);
      expect(location(landing)).toBe('/dashboard/calendar?connected=true');
      const list = seen(await user.client.get(`/api/calendar?action=list&userId=${user.id}`));
      expect(list).toMatchObject({ status: 200, body: { events: [], timezone: 'Europe/Berlin' } });
      expect(await remember(user.id)).not.toBeNull();
    });

    it('redirects with the provider\'s error when the person refuses', async () => {
      const user = await platform.newUser();
      const { landing } = await connectCalendar(platform, user, { deny: true });
      expect(location(landing)).toBe('/dashboard/calendar?error=access_denied');
      expect(await storedTokens(platform, user.id)).toBeNull();
    });

    it('redirects with no_code when the provider sends no code', async () => {
      const user = await platform.newUser();
      const { landing } = await connectCalendar(platform, user, {}, { callbackUrl: (url) => {
        url.searchParams.delete('code');
        return url;
      } });
      expect(location(landing)).toBe('/dashboard/calendar?error=no_code');
    });

    it('redirects with token_failed when the code does not exchange', async () => {
      const user = await platform.newUser();
      const { landing } = await connectCalendar(platform, user, {}, { callbackUrl: (url) => {
        url.searchParams.set('code', 'not-a-code');
        return url;
      } });
      expect(location(landing)).toBe('/dashboard/calendar?error=token_failed');
      expect(await storedTokens(platform, user.id)).toBeNull();
    });

    it('redirects with unknown for a forged state (the bare userId) and connects nobody', async () => {
      const user = await platform.newUser();
      const { landing } = await connectCalendar(platform, user, {}, { callbackUrl: (url) => {
        url.searchParams.set('state', user.id);
        return url;
      } });
      expect(location(landing)).toBe('/dashboard/calendar?error=unknown');
      expect(await storedTokens(platform, user.id)).toBeNull();
    });

    it('redirects with unknown for a state signed with another key', async () => {
      const user = await platform.newUser();
      const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJub25jZSI6Im4iLCJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAifQ.c2lnbmF0dXJlLW9mLWFub3RoZXIta2V5';
      const response = await user.client.get(`/api/calendar/callback?code=x&state=${forged}`);
      expect(response.status).toBe(302);
      expect(location(response)).toBe('/dashboard/calendar?error=unknown');
    });

    it('redirects with unknown for a replayed state, leaving the first connection as it was', async () => {
      const [victim, attacker] = [await platform.newUser(), await platform.newUser()];
      let callback = '';
      await connectCalendar(platform, victim, {}, { callbackUrl: (url) => {
        callback = `${url.pathname}${url.search}`;
        return url;
      } });
      const before = await remember(victim.id);
      const replay = await attacker.client.get(callback);
      expect(location(replay)).toBe('/dashboard/calendar?error=unknown');
      expect(await storedTokens(platform, victim.id)).toEqual(before);
    });
  });

  describe('Tokens', () => {
    it('refreshes an expired access token with the refresh token and stores the new one', async () => {
      const user = await platform.newUser();
      const { email } = await connectCalendar(platform, user);
      const before = await remember(user.id);
      expect(await platform.calendar.expireAccess(email)).toBe(1);
      expect(seen(await user.client.get('/api/calendar?action=list')).status).toBe(200);
      const after = await remember(user.id);
      expect(after!.accessToken).not.toBe(before!.accessToken);
      expect(after!.refreshToken).toBe(before!.refreshToken);
      // The stored token is the one used next: no second refresh.
      expect(seen(await user.client.get('/api/calendar?action=availability')).status).toBe(200);
      expect((await platform.calendar.account(email)).grants).toEqual({ authorization_code: 1, refresh_token: 1 });
    });

    it('never shows a token in an answer or in a line the scheduler logged', () => {
      expect(tokens.length).toBeGreaterThanOrEqual(4);
      const logs = platform.logs('scheduler');
      expect(logs).toContain('scheduler started');
      for (const token of tokens) {
        expect(answered.join('\n')).not.toContain(token);
        expect(logs).not.toContain(token);
      }
    });
  });

  describe('Internal bearer: an agent acting for its owner', () => {
    const bearer = (userId?: string) => ({ authorization: `Bearer ${TEST_INTERNAL_API_KEY}`, ...(userId ? { 'x-user-id': userId } : {}) });
    let user: TestUser;

    beforeAll(async () => {
      user = await platform.newUser();
      await connectCalendar(platform, user, { timeZone: 'Asia/Tokyo' });
    });

    it('reaches the calendar of the user named by x-user-id', async () => {
      const response = await platform.backend().get(`/api/calendar?action=list&userId=${user.id}`, bearer(user.id));
      expect(response).toMatchObject({ status: 200, body: { timezone: 'Asia/Tokyo' } });
    });

    it('answers 403 for another userId', async () => {
      const other = await platform.newUser();
      expect((await platform.backend().get(`/api/calendar?action=list&userId=${other.id}`, bearer(user.id))).status).toBe(403);
    });

    it('answers 401 when the bearer names no user', async () => {
      expect((await platform.backend().get('/api/calendar?action=list', bearer())).status).toBe(401);
    });
  });
});
