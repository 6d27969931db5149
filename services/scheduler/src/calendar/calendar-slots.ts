import type { CalendarAvailabilityView, TimeSlot } from '@platform/contracts';
import { zonedInstant } from './zoned-time.js';

/** Section 8: one-hour slots from 09:00 to 23:00 on the calendar's wall clock. */
export const FIRST_SLOT_HOUR = 9;
export const LAST_SLOT_END_HOUR = 23;

export interface Interval {
  start: Date;
  end: Date;
}

/** The day's slots on `timeZone`'s wall clock, as instants. */
export function daySlots(date: string, timeZone: string): Interval[] {
  const slots: Interval[] = [];
  for (let hour = FIRST_SLOT_HOUR; hour < LAST_SLOT_END_HOUR; hour += 1) {
    slots.push({ start: zonedInstant(date, hour, timeZone), end: zonedInstant(date, hour + 1, timeZone) });
  }
  return slots;
}

/** A slot is busy when any event overlaps it; an event that ends as a slot starts (or starts as it ends) does not. */
export function availability(date: string, timeZone: string, events: readonly Interval[]): CalendarAvailabilityView {
  const view: CalendarAvailabilityView = { availableSlots: [], busySlots: [], date };
  for (const slot of daySlots(date, timeZone)) {
    const busy = events.some((event) => event.start < slot.end && event.end > slot.start);
    (busy ? view.busySlots : view.availableSlots).push(isoSlot(slot));
  }
  return view;
}

function isoSlot(slot: Interval): TimeSlot {
  return { start: slot.start.toISOString(), end: slot.end.toISOString() };
}
