import { jest } from '@jest/globals';
import { CALENDAR_MESSAGES, SKILL_MESSAGES as M, SUBJECTS, UnavailableError } from '@platform/contracts';
import { RemoteError, ServiceUnavailableError, type RpcClient } from '@platform/messaging';
import { CalendarClient } from './calendar-client.js';
import { PlatformCalls } from './platform-calls.js';

const userId = '6f1c2b9e-4a7d-4c1e-9b3a-2d5e8f7a1c40';
const event = { title: 'Warehouse 9', start: '2031-06-20T22:30:00.000Z', end: '2031-06-21T00:30:00.000Z', description: 'Announce on: email' };
/** The scheduler's refusal on its query subject, as failureOf puts it on the wire. */
const refused = (statusCode: number, message: string) => new RemoteError(SUBJECTS.calendar.createEvent, { status: 'error', message, statusCode });

describe('CalendarClient', () => {
  let request: jest.Mock<RpcClient['request']>;
  let sut: CalendarClient;

  beforeEach(() => {
    request = jest.fn<RpcClient['request']>();
    sut = new CalendarClient(new PlatformCalls({ request } as unknown as RpcClient));
  });

  it('creates the event on the user\'s calendar through the scheduler\'s query', async () => {
    const created = { success: true as const, eventId: 'evt-1', event: { id: 'evt-1', summary: 'Warehouse 9', start: { dateTime: event.start }, end: { dateTime: event.end } } };
    request.mockResolvedValue(created);

    await expect(sut.createEvent(userId, event)).resolves.toEqual(created);
    expect(request.mock.calls).toEqual([[SUBJECTS.calendar.createEvent, { userId, ...event }, undefined]]);
  });

  it.each([
    ['its 401, no calendar connected', refused(401, CALENDAR_MESSAGES.notConnected), { status: 409, message: M.calendarNotConnected }],
    ['its 401 whatever its words', refused(401, 'token revoked'), { status: 409, message: M.calendarNotConnected }],
    ['its 503, the provider not configured', refused(503, CALENDAR_MESSAGES.notConfigured), { status: 503, message: CALENDAR_MESSAGES.notConfigured }],
    ['its 500, the provider failing', refused(500, CALENDAR_MESSAGES.providerFailed), { status: 502, message: `${M.calendarFailed}: ${CALENDAR_MESSAGES.providerFailed}` }],
    ['a refusal without a status', new RemoteError(SUBJECTS.calendar.createEvent, { status: 'error', message: CALENDAR_MESSAGES.notConnected }), {
      status: 502, message: `${M.calendarFailed}: ${CALENDAR_MESSAGES.notConnected}`,
    }],
  ])('answers the scheduler\'s refusal by its status: %s', async (_case, error, answer) => {
    request.mockRejectedValue(error);

    await expect(sut.createEvent(userId, event)).rejects.toMatchObject(answer);
  });

  it('answers 503 when the scheduler does not answer', async () => {
    request.mockRejectedValue(new ServiceUnavailableError(SUBJECTS.calendar.createEvent, 'no-responders', 'no service listens'));

    await expect(sut.createEvent(userId, event)).rejects.toBeInstanceOf(UnavailableError);
  });
});
