import type { CalendarAvailabilityView } from '@contracts/calendar/calendar-views.js';
import { useState } from 'react';
import { apiGet } from '../api/api-client.js';
import { AsyncView } from '../ui/async-state.js';
import { FormField } from '../ui/form-field.js';
import { useAsync } from '../ui/use-async.js';
import { AvailabilitySlots } from './availability-slots.js';

/** Today in the reader's calendar, as YYYY-MM-DD. */
const today = () => new Date().toLocaleDateString('en-CA');

/** GET /api/calendar?action=availability&date= (4.3) for the day picked. */
export function Availability() {
  const [date, setDate] = useState(today);
  const availability = useAsync(
    (signal) => apiGet<CalendarAvailabilityView>(`/api/calendar?action=availability&date=${date}`, signal),
    `availability-${date}`,
  );
  return (
    <>
      <FormField label="Day" type="date" value={date} onChange={(value) => value && setDate(value)} />
      <AsyncView state={availability} noun="availability">{(view) => <AvailabilitySlots view={view} />}</AsyncView>
    </>
  );
}
