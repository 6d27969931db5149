import { useSearchParams } from 'react-router';
import { api } from '../api/api-client.js';
import { Availability } from '../calendar/availability.js';
import { loadCalendar } from '../calendar/calendar-events.js';
import { EventForm } from '../calendar/event-form.js';
import { dateTime } from '../format/date-time.js';
import { ActionButton } from '../ui/action-button.js';
import { Alert } from '../ui/alert.js';
import { AsyncView } from '../ui/async-state.js';
import { ConfirmButton } from '../ui/confirm-button.js';
import { PageLayout } from '../ui/page-layout.js';
import { useAsync } from '../ui/use-async.js';

/** The callback's own error values (4.3), in words; the provider's own error (access_denied, …) is shown as it came. */
const CONNECT_ERRORS: Record<string, string> = {
  no_code: 'The calendar provider sent no authorisation code. Try connecting again.',
  token_failed: 'The calendar provider did not exchange the authorisation code. Try connecting again.',
  unknown: 'The connection could not be checked (it may have expired after 10 minutes). Try connecting again.',
};

/** POST { action: connect } answers the provider's consent URL; the provider comes back through /api/calendar/callback to here. */
async function connect(): Promise<void> {
  const { authUrl } = await api<{ authUrl: string }>('POST', '/api/calendar', { action: 'connect' });
  window.location.assign(authUrl);
}

/** extended-services 4.3: the user's own calendar (no userId is sent: the session names it). */
export default function CalendarPage() {
  const [params] = useSearchParams();
  const calendar = useAsync(loadCalendar, 'calendar');
  const error = params.get('error');
  return (
    <PageLayout title="Calendar">
      {params.get('connected') === 'true' && <Alert tone="success">Your calendar is connected.</Alert>}
      {error && <Alert>Connecting the calendar failed: {CONNECT_ERRORS[error] ?? `the provider said ${error}.`}</Alert>}
      <AsyncView state={calendar} noun="your calendar">
        {(state) => (!state.connected ? (
          <>
            <p>No calendar is connected. Connecting opens your calendar provider to ask for access to your events.</p>
            <ActionButton variant="primary" done="Opening your calendar provider…" action={connect}>Connect calendar</ActionButton>
          </>
        ) : (
          <>
            <section aria-labelledby="events-heading">
              <h2 id="events-heading">Next 30 days</h2>
              <p className="field-hint">Times in your browser's zone; the calendar's own zone is {state.view.timezone}.</p>
              {state.view.events.length === 0 ? <p className="empty">No events in the next 30 days.</p> : (
                <ul className="card-list">
                  {state.view.events.map((event) => (
                    <li key={event.id} className="card">
                      <h3>{event.summary}</h3>
                      <p>{dateTime(event.start.dateTime)} to {dateTime(event.end.dateTime)}{event.location && <> · {event.location}</>}</p>
                      <ConfirmButton verb="Delete" subject={`event ${event.summary}`} done={`Event ${event.summary} deleted`} onDone={calendar.reload}
                        action={() => api('POST', '/api/calendar', { action: 'delete-event', eventId: event.id })} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="new-event-heading">
              <h2 id="new-event-heading">New event</h2>
              <EventForm onCreated={calendar.reload} />
            </section>
            <section aria-labelledby="availability-heading">
              <h2 id="availability-heading">Availability</h2>
              <Availability />
            </section>
          </>
        ))}
      </AsyncView>
    </PageLayout>
  );
}
