import type { TaskRunList, TaskRunView } from '@contracts/scheduler/scheduled-task-views.js';
import { apiGet } from '../api/api-client.js';
import { dateTime } from '../format/date-time.js';
import { AsyncList } from '../ui/async-state.js';
import { useAsync } from '../ui/use-async.js';

const duration = (run: TaskRunView) => (run.durationMs === null ? '' : ` in ${(run.durationMs / 1000).toFixed(1)} s`);

/** A task's recent runs, newest first (ours: GET /api/scheduled-tasks/:taskId/runs). */
export function TaskRuns({ taskId, name }: { taskId: string; name: string }) {
  const runs = useAsync(async (signal) => (await apiGet<TaskRunList>(`/api/scheduled-tasks/${encodeURIComponent(taskId)}/runs`, signal)).runs, `runs-${taskId}`);
  return (
    <AsyncList state={runs} noun={`runs of ${name}`} empty={<p>No runs yet.</p>}>
      {(items) => (
        <ul aria-label={`Recent runs of ${name}`}>
          {items.map((run) => (
            <li key={run.id}>
              {dateTime(run.scheduledFor)}: <strong>{run.status}</strong>{duration(run)}{run.error && <> · {run.error}</>}
            </li>
          ))}
        </ul>
      )}
    </AsyncList>
  );
}
