import { currentTask, taskDied, taskPhase, type SwarmTask } from './swarm-tasks.js';

const task = (ID: string, State: string, CreatedAt = '2026-11-27T20:00:00Z'): SwarmTask => ({ ID, CreatedAt, DesiredState: 'running', Status: { State } });

describe('taskPhase', () => {
  it.each([
    ['running', 'running'],
    ['assigned', 'starting'], ['preparing', 'starting'], ['starting', 'starting'],
    ['pending', 'held'],
    ['failed', 'ended'], ['complete', 'ended'], ['shutdown', 'ended'], ['rejected', 'ended'], ['orphaned', 'ended'],
  ])('reads a task in %s as %s', (state, phase) => {
    expect(taskPhase(task('t', state))).toBe(phase);
  });
});

describe('taskDied', () => {
  it('counts a failed or completed task as the runtime\'s own end, not one Swarm shut down or refused', () => {
    expect(['failed', 'complete', 'shutdown', 'rejected'].map((state) => taskDied(task('t', state)))).toEqual([true, true, false, false]);
  });
});

describe('currentTask', () => {
  it('is the newest task: a forced update or a scale-up makes a new one, ended ones stay as history', () => {
    const tasks = [task('old', 'failed', '2026-11-27T20:00:00Z'), task('new', 'running', '2026-11-27T20:01:00Z'), task('older', 'shutdown', '2026-11-27T19:00:00Z')];
    expect(currentTask(tasks)?.ID).toBe('new');
  });

  it('is none for a service without tasks', () => {
    expect(currentTask([])).toBeUndefined();
  });
});
