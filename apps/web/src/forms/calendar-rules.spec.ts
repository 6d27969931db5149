import { CALENDAR_MESSAGES } from '@contracts/calendar/calendar-messages.js';
import { validate } from './validation.js';
import { calendarEventRules } from './calendar-rules.js';

describe('calendarEventRules', () => {
  it('names every missing field in the API\'s words', () => {
    expect(validate({ title: ' ', start: '', end: '' }, calendarEventRules)).toEqual({
      title: CALENDAR_MESSAGES.titleRequired, start: CALENDAR_MESSAGES.startRequired, end: CALENDAR_MESSAGES.endRequired,
    });
  });

  it('refuses an end that is not after the start', () => {
    expect(validate({ title: 'Gig', start: '2026-12-01T20:00', end: '2026-12-01T20:00' }, calendarEventRules)).toEqual({ end: CALENDAR_MESSAGES.endBeforeStart });
  });

  it('accepts an event that ends after it starts', () => {
    expect(validate({ title: 'Gig', start: '2026-12-01T20:00', end: '2026-12-01T23:00' }, calendarEventRules)).toEqual({});
  });
});
