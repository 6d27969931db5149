import { describe, expect, it } from '@jest/globals';
import { availability, daySlots } from './calendar-slots.js';
import { dateIn, zonedInstant } from './zoned-time.js';

const at = (iso: string) => new Date(iso);
const event = (start: string, end: string) => ({ start: at(start), end: at(end) });
const starts = (slots: { start: string }[]) => slots.map((slot) => slot.start);

describe('daySlots (section 8: one hour, 09:00 to 23:00)', () => {
  it('gives 14 slots from 09:00 to 23:00 UTC on a UTC calendar', () => {
    const sut = daySlots('2026-03-10', 'UTC');
    expect(sut).toHaveLength(14);
    expect(sut[0]).toEqual(event('2026-03-10T09:00:00Z', '2026-03-10T10:00:00Z'));
    expect(sut[13]).toEqual(event('2026-03-10T22:00:00Z', '2026-03-10T23:00:00Z'));
  });

  it('places the slots on the calendar\'s wall clock in a half-hour-offset timezone', () => {
    const sut = daySlots('2026-03-10', 'Asia/Kolkata');
    expect(sut[0]!.start).toEqual(at('2026-03-10T03:30:00Z'));
    expect(sut[13]!.end).toEqual(at('2026-03-10T17:30:00Z'));
  });

  it('keeps 09:00 on the wall clock across a daylight-saving change', () => {
    expect(daySlots('2026-03-07', 'America/New_York')[0]!.start).toEqual(at('2026-03-07T14:00:00Z'));
    expect(daySlots('2026-03-08', 'America/New_York')[0]!.start).toEqual(at('2026-03-08T13:00:00Z'));
  });
});

describe('availability', () => {
  it('marks a slot busy when an event overlaps it', () => {
    const sut = availability('2026-03-10', 'UTC', [event('2026-03-10T10:00:00Z', '2026-03-10T11:00:00Z')]);
    expect(starts(sut.busySlots)).toEqual(['2026-03-10T10:00:00.000Z']);
    expect(sut.availableSlots).toHaveLength(13);
    expect(sut.date).toBe('2026-03-10');
  });

  it('marks both slots an event across a slot edge touches', () => {
    const sut = availability('2026-03-10', 'UTC', [event('2026-03-10T10:30:00Z', '2026-03-10T11:15:00Z')]);
    expect(starts(sut.busySlots)).toEqual(['2026-03-10T10:00:00.000Z', '2026-03-10T11:00:00.000Z']);
  });

  it('leaves free the slots an event only meets at their edge', () => {
    const sut = availability('2026-03-10', 'UTC', [event('2026-03-10T12:00:00Z', '2026-03-10T13:00:00Z'), event('2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z')]);
    expect(starts(sut.busySlots)).toEqual(['2026-03-10T12:00:00.000Z']);
  });

  it('marks every slot of a day an event spans', () => {
    const sut = availability('2026-03-10', 'UTC', [event('2026-03-09T20:00:00Z', '2026-03-11T01:00:00Z')]);
    expect(sut.busySlots).toHaveLength(14);
    expect(sut.availableSlots).toEqual([]);
  });

  it('reads slots in the calendar\'s timezone: 09:00 in Berlin is 08:00 UTC in winter', () => {
    const sut = availability('2026-01-15', 'Europe/Berlin', [event('2026-01-15T08:00:00Z', '2026-01-15T09:00:00Z')]);
    expect(sut.busySlots).toEqual([{ start: '2026-01-15T08:00:00.000Z', end: '2026-01-15T09:00:00.000Z' }]);
  });
});

describe('zoned time', () => {
  it('reads the date on the calendar\'s wall clock, not UTC\'s', () => {
    expect(dateIn(at('2026-03-10T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-11');
    expect(dateIn(at('2026-03-10T23:30:00Z'), 'UTC')).toBe('2026-03-10');
  });

  it('keeps years before 100 as written', () => {
    expect(zonedInstant('0050-01-01', 9, 'UTC').toISOString()).toBe('0050-01-01T09:00:00.000Z');
  });
});
