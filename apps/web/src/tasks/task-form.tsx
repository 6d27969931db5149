import { api } from '../api/api-client.js';
import { taskRules } from '../forms/task-rules.js';
import { Alert, useToast } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { clearForm } from '../ui/clear-form.js';
import { FormField } from '../ui/form-field.js';
import { TextAreaField } from '../ui/text-area-field.js';
import { useForm } from '../ui/use-form.js';

const EMPTY = { name: '', cronSchedule: '', prompt: '' };

/** POST /api/scheduled-tasks (4.5) for one agent; the task starts enabled, as the API's default. */
export function TaskForm({ agentId, onCreated }: { agentId: string; onCreated: () => void }) {
  const toast = useToast();
  const form = useForm(EMPTY, taskRules);
  return (
    <form noValidate onSubmit={form.submit(async ({ name, cronSchedule, prompt }) => {
      await api('POST', '/api/scheduled-tasks', { agentId, name: name.trim(), cronSchedule: cronSchedule.trim(), prompt });
      clearForm(form.set, EMPTY);
      toast(`Task ${name.trim()} created`);
      onCreated();
    })}>
      <FormField label="Task name" value={form.values.name} onChange={form.set('name')} error={form.errors.name} />
      <FormField label="Schedule (cron)" hint="minute hour day month weekday, in UTC; e.g. 0 9 * * 1-5 for 09:00 on weekdays." spellCheck={false}
        value={form.values.cronSchedule} onChange={form.set('cronSchedule')} error={form.errors.cronSchedule} />
      <TextAreaField label="Prompt" hint="Sent to the agent on each run." value={form.values.prompt} onChange={form.set('prompt')} error={form.errors.prompt} />
      {form.error && <Alert>{form.error}</Alert>}
      <Button type="submit" busy={form.busy}>Create task</Button>
    </form>
  );
}
