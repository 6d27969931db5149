/** A Swarm task as far as the adapter reads it (GET /tasks). */
export interface SwarmTask {
  ID: string;
  CreatedAt: string;
  NodeID?: string;
  DesiredState: string;
  Status: {
    State: string;
    Timestamp?: string;
    Err?: string;
    ContainerStatus?: { ContainerID?: string; ExitCode?: number };
  };
}

/** Where a task is on its way: placed and being prepared, running, ended for good, or held back by the scheduler. */
export type TaskPhase = 'starting' | 'running' | 'ended' | 'held';

/** States a task never leaves: with restart condition none, Swarm makes no other in its place. */
const ENDED = new Set(['complete', 'failed', 'shutdown', 'rejected', 'orphaned', 'remove']);
const STARTING = new Set(['new', 'allocated', 'assigned', 'accepted', 'preparing', 'ready', 'starting']);
/** Ended by the runtime itself (an exit of its own or a kill from outside), not by a scale-down or an update. */
const DIED = new Set(['complete', 'failed']);

export function taskPhase(task: SwarmTask): TaskPhase {
  const state = task.Status.State;
  if (state === 'running') return 'running';
  if (ENDED.has(state)) return 'ended';
  // `pending` is the scheduler finding no node (the pinned one down, its resources reserved): nothing runs.
  return STARTING.has(state) ? 'starting' : 'held';
}

/** The runtime's own end: news for the exit listeners, unlike a task Swarm shut down on the platform's word. */
export const taskDied = (task: SwarmTask): boolean => DIED.has(task.Status.State);

/** The service's task now: the newest (a forced update or a scale-up makes a new one; ended ones stay as history). */
export function currentTask(tasks: SwarmTask[]): SwarmTask | undefined {
  return tasks.reduce<SwarmTask | undefined>((newest, task) => (!newest || task.CreatedAt > newest.CreatedAt ? task : newest), undefined);
}
