import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CALENDAR_MESSAGES as M, SUBJECTS, type CalendarEventsView } from '@platform/contracts';
import { connectCalendar, TestPlatform, type TestUser } from '@platform/testing';

const DAY_MS = 24 * 60 * 60 * 1000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
/** A day well ahead, so today's clock never matters. */
const DAY = '2031-05-14';

describe('/api/calendar events (extended-services 4.3)', () => {
  let platform: TestPlatform;
  let user: TestUser;
  let email: string;

  const act = (body: Record<string, unknown>) => user.client.post('/api/calendar', body);
  const create = (title: string, start: string, end: string, extra: Record<string, unknown> = {}) =>
    act({ action: 'create-event', userId: user.id, title, start, end, ...extra });
  const busyStarts = async (date: string) =>
    ((await user.client.get(`/api/calendar?action=availability&userId=${user.id}&date=${date}`)).body.busySlots as { start: string }[]).map((slot) => slot.start);

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['scheduler'] });
    user = await platform.newUser();
    ({ email } = await connectCalendar(platform, user));
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('List: GET ?action=list&userId&start&end', () => {
    it('answers the events from now to 30 days ahead by default, with the calendar\'s timezone', async () => {
      await create('Soon', hoursFromNow(24), hoursFromNow(25), { location: 'Room 1' });
      await create('Later', hoursFromNow(24 * 40), hoursFromNow(24 * 40 + 1));
      const response = await user.client.get<CalendarEventsView>(`/api/calendar?action=list&userId=${user.id}`);
      expect(response.status).toBe(200);
      expect(response.body.timezone).toBe('UTC');
      expect(response.body.events.map((event) => event.summary)).toEqual(['Soon']);
      expect(response.body.events[0]).toEqual({
        id: expect.any(String), summary: 'Soon', start: { dateTime: expect.any(String) }, end: { dateTime: expect.any(String) }, location: 'Room 1',
      });
    });

    it('answers the events of the window given by start and end', async () => {
      const start = new Date(Date.now() + 39 * DAY_MS).toISOString();
      const end = new Date(Date.now() + 41 * DAY_MS).toISOString();
      const response = await user.client.get<CalendarEventsView>(`/api/calendar?action=list&start=${start}&end=${end}`);
      expect(response.body.events.map((event) => event.summary)).toEqual(['Later']);
    });

    it('answers 400 for a start that is not ISO 8601', async () => {
      expect(await user.client.get('/api/calendar?action=list&start=yesterday')).toMatchObject({ status: 400, body: { error: M.startInvalid } });
    });
  });

  describe('Availability: GET ?action=availability&userId&date', () => {
    it('answers fourteen one-hour slots from 09:00 to 23:00 with the date', async () => {
      const response = await user.client.get(`/api/calendar?action=availability&userId=${user.id}&date=2031-05-13`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ availableSlots: expect.any(Array), busySlots: [], date: '2031-05-13' });
      expect(response.body.availableSlots).toHaveLength(14);
      expect(response.body.availableSlots[0]).toEqual({ start: '2031-05-13T09:00:00.000Z', end: '2031-05-13T10:00:00.000Z' });
      expect(response.body.availableSlots[13]).toEqual({ start: '2031-05-13T22:00:00.000Z', end: '2031-05-13T23:00:00.000Z' });
    });

    it('defaults to today in the calendar\'s timezone', async () => {
      const before = new Date().toISOString().slice(0, 10);
      const response = await user.client.get('/api/calendar?action=availability');
      // Either side of a midnight passing during the call.
      expect([before, new Date().toISOString().slice(0, 10)]).toContain(response.body.date);
    });

    it('a created event blocks its slot', async () => {
      await create('Standup', `${DAY}T10:00:00Z`, `${DAY}T11:00:00Z`);
      expect(await busyStarts(DAY)).toEqual([`${DAY}T10:00:00.000Z`]);
    });

    it('an event across a slot edge blocks both slots; one that only meets a slot\'s edge does not block it', async () => {
      const date = '2031-05-15';
      await create('Across', `${date}T13:30:00Z`, `${date}T14:30:00Z`);
      await create('Edge to edge', `${date}T16:00:00Z`, `${date}T17:00:00Z`);
      await create('Before the day', `${date}T07:00:00Z`, `${date}T09:00:00Z`);
      expect(await busyStarts(date)).toEqual([`${date}T13:00:00.000Z`, `${date}T14:00:00.000Z`, `${date}T16:00:00.000Z`]);
    });

    it('reads the slots on the calendar\'s wall clock in a non-UTC timezone', async () => {
      const other = await platform.newUser();
      await connectCalendar(platform, other, { timeZone: 'Asia/Kolkata' });
      const post = (body: Record<string, unknown>) => other.client.post('/api/calendar', body);
      // 09:00 to 10:00 in Kolkata (UTC+05:30).
      await post({ action: 'create-event', title: 'Early', start: '2031-05-14T09:00:00+05:30', end: '2031-05-14T10:00:00+05:30' });
      const response = await other.client.get('/api/calendar?action=availability&date=2031-05-14');
      expect(response.body.busySlots).toEqual([{ start: '2031-05-14T03:30:00.000Z', end: '2031-05-14T04:30:00.000Z' }]);
      expect(response.body.availableSlots[0]).toEqual({ start: '2031-05-14T04:30:00.000Z', end: '2031-05-14T05:30:00.000Z' });
    });

    it('answers 400 for a date that is not YYYY-MM-DD', async () => {
      expect(await user.client.get('/api/calendar?action=availability&date=2031-13-01')).toMatchObject({ status: 400, body: { error: M.dateInvalid } });
    });
  });

  describe('Create: POST { action: create-event }', () => {
    it('answers { success, eventId, event } and the provider holds the event with its optional fields', async () => {
      const response = await create('Review', '2031-06-01T15:00:00Z', '2031-06-01T16:00:00Z', {
        description: 'Quarterly', location: 'HQ', attendees: ['a@example.com', 'b@example.com'],
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true, eventId: expect.any(String),
        event: { id: response.body.eventId, summary: 'Review', start: { dateTime: '2031-06-01T15:00:00Z' }, end: { dateTime: '2031-06-01T16:00:00Z' }, location: 'HQ' },
      });
      const stored = (await platform.calendar.account(email)).events.find((event) => event.id === response.body.eventId);
      expect(stored).toMatchObject({ summary: 'Review', description: 'Quarterly', location: 'HQ', attendees: [{ email: 'a@example.com' }, { email: 'b@example.com' }] });
    });

    it('answers 400 without a title', async () => {
      expect(await act({ action: 'create-event', start: '2031-06-01T15:00:00Z', end: '2031-06-01T16:00:00Z' })).toMatchObject({ status: 400, body: { error: M.titleRequired } });
    });

    it('answers 400 for an end before the start', async () => {
      expect(await create('Backwards', '2031-06-01T16:00:00Z', '2031-06-01T15:00:00Z')).toMatchObject({ status: 400, body: { error: M.endBeforeStart } });
    });

    it('answers 500 when the provider fails', async () => {
      await platform.calendar.failWith(email, 503);
      try {
        expect(await create('Doomed', '2031-06-02T15:00:00Z', '2031-06-02T16:00:00Z')).toMatchObject({ status: 500, body: { error: M.providerFailed } });
      } finally {
        await platform.calendar.failWith(email, null);
      }
    });
  });

  describe('Update: POST { action: update-event }', () => {
    it('answers { success, event } with the changed fields, and the provider holds them', async () => {
      const { body: made } = await create('Draft', '2031-06-03T15:00:00Z', '2031-06-03T16:00:00Z');
      const response = await act({ action: 'update-event', userId: user.id, eventId: made.eventId, title: 'Final', location: 'Room 2', end: '2031-06-03T17:00:00Z' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        event: { id: made.eventId, summary: 'Final', start: { dateTime: '2031-06-03T15:00:00Z' }, end: { dateTime: '2031-06-03T17:00:00Z' }, location: 'Room 2' },
      });
      const stored = (await platform.calendar.account(email)).events.find((event) => event.id === made.eventId);
      expect(stored).toMatchObject({ summary: 'Final', location: 'Room 2', end: { dateTime: '2031-06-03T17:00:00Z' } });
    });

    it('answers 404 for an event the calendar does not have', async () => {
      expect(await act({ action: 'update-event', eventId: 'missing1', title: 'x' })).toMatchObject({ status: 404, body: { error: M.eventNotFound } });
    });

    it('answers 400 without an eventId', async () => {
      expect(await act({ action: 'update-event', title: 'x' })).toMatchObject({ status: 400, body: { error: M.eventIdRequired } });
    });
  });

  describe('Delete: POST { action: delete-event }', () => {
    it('answers { success } and the provider no longer has the event', async () => {
      const { body: made } = await create('Gone', '2031-06-04T15:00:00Z', '2031-06-04T16:00:00Z');
      expect(await act({ action: 'delete-event', userId: user.id, eventId: made.eventId })).toMatchObject({ status: 200, body: { success: true } });
      expect((await platform.calendar.account(email)).events.map((event) => event.id)).not.toContain(made.eventId);
    });
  });

  describe('Quick add: POST { action: quick-add }', () => {
    it('answers { success, eventId } and the provider made the event from the text', async () => {
      const response = await act({ action: 'quick-add', userId: user.id, text: 'Lunch with Ada 2031-06-05T12:00:00Z' });
      expect(response).toMatchObject({ status: 200, body: { success: true, eventId: expect.any(String) } });
      const stored = (await platform.calendar.account(email)).events.find((event) => event.id === response.body.eventId);
      expect(stored).toMatchObject({ summary: 'Lunch with Ada', start: { dateTime: '2031-06-05T12:00:00.000Z' } });
    });

    it('answers 400 without text', async () => {
      expect(await act({ action: 'quick-add' })).toMatchObject({ status: 400, body: { error: M.textRequired } });
    });
  });

  describe('a user without a connected calendar', () => {
    const ROWS: [string, Record<string, unknown> | string][] = [
      ['list', '/api/calendar?action=list'],
      ['availability', '/api/calendar?action=availability'],
      ['create', { action: 'create-event', title: 't', start: '2031-06-01T15:00:00Z', end: '2031-06-01T16:00:00Z' }],
      ['update', { action: 'update-event', eventId: 'e1', title: 't' }],
      ['delete', { action: 'delete-event', eventId: 'e1' }],
      ['quick add', { action: 'quick-add', text: 'Tea at 5' }],
    ];
    let stranger: TestUser;

    beforeAll(async () => {
      stranger = await platform.newUser();
    });

    it.each(ROWS)('%s answers 401 not connected', async (_name, request) => {
      const response = typeof request === 'string' ? await stranger.client.get(request) : await stranger.client.post('/api/calendar', request);
      expect(response).toMatchObject({ status: 401, body: { error: M.notConnected } });
    });
  });

  describe('NATS subjects for agents', () => {
    it('answers availability for the user named in the payload', async () => {
      const view = await platform.query<{ busySlots: unknown[]; date: string }>(SUBJECTS.calendar.availability, { userId: user.id, date: DAY });
      expect(view.date).toBe(DAY);
      expect(view.busySlots).toEqual([{ start: `${DAY}T10:00:00.000Z`, end: `${DAY}T11:00:00.000Z` }]);
    });

    it('creates an event for the user named in the payload', async () => {
      const made = await platform.query<{ success: boolean; eventId: string }>(SUBJECTS.calendar.createEvent, {
        userId: user.id, title: 'From an agent', start: '2031-06-06T10:00:00Z', end: '2031-06-06T11:00:00Z',
      });
      expect(made.success).toBe(true);
      expect((await platform.calendar.account(email)).events.map((event) => event.id)).toContain(made.eventId);
    });
  });
});
