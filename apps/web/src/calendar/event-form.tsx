import { api } from '../api/api-client.js';
import { calendarEventRules } from '../forms/calendar-rules.js';
import { Alert, useToast } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { clearForm } from '../ui/clear-form.js';
import { FormField } from '../ui/form-field.js';
import { useForm } from '../ui/use-form.js';

const EMPTY = { title: '', start: '', end: '', location: '' };

/** POST /api/calendar { action: create-event } (4.3); the times typed in the reader's zone go as ISO 8601. */
export function EventForm({ onCreated }: { onCreated: () => void }) {
  const toast = useToast();
  const form = useForm(EMPTY, calendarEventRules);
  return (
    <form noValidate onSubmit={form.submit(async ({ title, start, end, location }) => {
      await api('POST', '/api/calendar', {
        action: 'create-event', title: title.trim(), start: new Date(start).toISOString(), end: new Date(end).toISOString(),
        ...(location.trim() ? { location: location.trim() } : {}),
      });
      clearForm(form.set, EMPTY);
      toast(`Event ${title.trim()} created`);
      onCreated();
    })}>
      <FormField label="Title" value={form.values.title} onChange={form.set('title')} error={form.errors.title} />
      <FormField label="Starts" type="datetime-local" value={form.values.start} onChange={form.set('start')} error={form.errors.start} />
      <FormField label="Ends" type="datetime-local" value={form.values.end} onChange={form.set('end')} error={form.errors.end} />
      <FormField label="Location (optional)" value={form.values.location} onChange={form.set('location')} />
      {form.error && <Alert>{form.error}</Alert>}
      <Button type="submit" busy={form.busy}>Create event</Button>
    </form>
  );
}
