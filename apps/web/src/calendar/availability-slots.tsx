import type { CalendarAvailabilityView, TimeSlot } from '@contracts/calendar/calendar-views.js';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The day's one-hour slots (4.3: 09:00 to 23:00) in time order, each said as free or busy in words, not by colour alone. */
export function AvailabilitySlots({ view }: { view: CalendarAvailabilityView }) {
  const slots: (TimeSlot & { free: boolean })[] = [
    ...view.availableSlots.map((slot) => ({ ...slot, free: true })),
    ...view.busySlots.map((slot) => ({ ...slot, free: false })),
  ].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  if (slots.length === 0) return <p className="empty">No slots on {view.date}.</p>;
  return (
    <ul className="slots" aria-label={`Slots on ${view.date}`}>
      {slots.map((slot) => (
        <li key={slot.start} className={slot.free ? 'slot-free' : 'slot-busy'}>
          {time(slot.start)}–{time(slot.end)}: <strong>{slot.free ? 'free' : 'busy'}</strong>
        </li>
      ))}
    </ul>
  );
}
