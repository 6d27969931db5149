import type { ScheduledTaskList } from '@contracts/scheduler/scheduled-task-views.js';
import { apiGet } from '../api/api-client.js';
import { TaskForm } from '../tasks/task-form.js';
import { TaskItem } from '../tasks/task-item.js';
import { AsyncList } from '../ui/async-state.js';
import { useAsync } from '../ui/use-async.js';
import type { AgentPanelProps } from './agent-tabs.js';

/** extended-services 4.5: the agent's scheduled tasks, newest first. */
export default function TasksPanel({ agentId }: AgentPanelProps) {
  const tasks = useAsync(async (signal) => (await apiGet<ScheduledTaskList>(`/api/scheduled-tasks?agentId=${encodeURIComponent(agentId)}`, signal)).tasks, `tasks-${agentId}`);
  return (
    <>
      <h2>Scheduled tasks</h2>
      <AsyncList state={tasks} noun="scheduled tasks" empty={<p>No scheduled tasks yet.</p>}>
        {(items) => <ul className="card-list">{items.map((task) => <TaskItem key={task.id} task={task} onChanged={tasks.reload} />)}</ul>}
      </AsyncList>
      <h3>New task</h3>
      <TaskForm agentId={agentId} onCreated={tasks.reload} />
    </>
  );
}
