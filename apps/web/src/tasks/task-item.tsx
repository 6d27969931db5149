import type { ScheduledTaskView } from '@contracts/scheduler/scheduled-task-views.js';
import { useState } from 'react';
import { api } from '../api/api-client.js';
import { dateTime } from '../format/date-time.js';
import { ActionButton } from '../ui/action-button.js';
import { Button } from '../ui/button.js';
import { ConfirmButton } from '../ui/confirm-button.js';
import { TaskRuns } from './task-runs.js';

/** One task: its schedule and runs, enable or disable (PUT), delete (DELETE, taskId in the body as 4.5 says). */
export function TaskItem({ task, onChanged }: { task: ScheduledTaskView; onChanged: () => void }) {
  const [showRuns, setShowRuns] = useState(false);
  const toggle = task.enabled ? 'Disable' : 'Enable';
  return (
    <li className="card">
      <h3>{task.name}</h3>
      <p>
        <code>{task.cronSchedule}</code> ({task.timezone}) · {task.enabled ? 'enabled' : 'disabled'}
        <br />Last run {dateTime(task.lastRun)} · next run {dateTime(task.nextRun, 'none')}
      </p>
      <p className="field-hint">{task.prompt}</p>
      <div className="actions">
        <ActionButton label={`${toggle} ${task.name}`} done={`Task ${task.name} ${toggle.toLowerCase()}d`} onDone={onChanged}
          action={() => api('PUT', '/api/scheduled-tasks', { taskId: task.id, enabled: !task.enabled })}>{toggle}</ActionButton>
        <Button variant="secondary" aria-expanded={showRuns} onClick={() => setShowRuns(!showRuns)}>{showRuns ? 'Hide runs' : 'Show runs'}</Button>
        <ConfirmButton verb="Delete" subject={`task ${task.name}`} done={`Task ${task.name} deleted`} onDone={onChanged}
          action={() => api('DELETE', '/api/scheduled-tasks', { taskId: task.id })} />
      </div>
      {showRuns && <TaskRuns taskId={task.id} name={task.name} />}
    </li>
  );
}
