import { AGENT_STATUSES } from '@platform/contracts';
import { allows, nextStatus, TRANSITIONS, wantsRuntime, type AgentAction } from './agent-state-machine.js';

describe('agent state machine', () => {
  it.each([
    ['start', 'pending', 'provisioning'],
    ['start', 'stopped', 'provisioning'],
    ['start', 'error', 'provisioning'],
    ['ready', 'provisioning', 'running'],
    ['ready', 'repairing', 'running'],
    ['fail', 'provisioning', 'error'],
    ['stop', 'running', 'stopping'],
    ['halted', 'stopping', 'stopped'],
    ['restart', 'degraded', 'restarting'],
    ['degrade', 'running', 'degraded'],
    ['degrade', 'active', 'degraded'],
    ['recover', 'degraded', 'running'],
    ['heal', 'degraded', 'repairing'],
    ['repair', 'error', 'repairing'],
    ['delete', 'running', 'deleted'],
    ['suspend', 'running', 'suspended'],
    ['suspend', 'active', 'suspended'],
    ['suspend', 'degraded', 'suspended'],
    ['suspend', 'provisioning', 'suspended'],
    ['suspend', 'restarting', 'suspended'],
    ['suspend', 'updating', 'suspended'],
    ['suspend', 'repairing', 'suspended'],
    ['resume', 'suspended', 'provisioning'],
    ['start', 'suspended', 'provisioning'],
    ['stop', 'suspended', 'stopping'],
    ['delete', 'suspended', 'deleted'],
  ] as const)('%s from %s leads to %s', (action, from, to) => {
    expect(allows(action, from)).toBe(true);
    expect(nextStatus(action, from)).toBe(to);
  });

  it.each([
    ['start', 'running'], ['start', 'provisioning'], ['stop', 'stopped'], ['stop', 'provisioning'], ['restart', 'stopped'],
    ['restart', 'error'], ['heal', 'error'], ['recover', 'running'], ['degrade', 'stopped'], ['reset-memory', 'stopped'],
    ['ready', 'running'], ['delete', 'deleted'],
    ['ready', 'suspended'], ['fail', 'suspended'], ['degrade', 'suspended'], ['heal', 'suspended'], ['recover', 'suspended'],
    ['restart', 'suspended'], ['update', 'suspended'], ['repair', 'suspended'], ['message', 'suspended'], ['reset-memory', 'suspended'],
    ['suspend', 'suspended'], ['suspend', 'stopped'], ['suspend', 'stopping'], ['suspend', 'pending'], ['suspend', 'error'],
    ['resume', 'stopped'], ['resume', 'running'],
  ] as const)('refuses %s from %s', (action, from) => {
    expect(allows(action, from)).toBe(false);
  });

  it.each([
    ['start', 'suspended', true], ['restart', 'suspended', true], ['start', 'stopped', true], ['start', 'pending', true],
    ['repair', 'error', true], ['restart', 'running', false], ['repair', 'degraded', false], ['start', 'running', false],
    ['restart', 'stopped', false],
  ] as const)('%s from %s wants a runtime paid for: %s', (action, from, wanted) => {
    expect(wantsRuntime(action, from)).toBe(wanted);
  });

  it('keeps the status for actions that only need a live runtime', () => {
    expect(nextStatus('reset-memory', 'degraded')).toBe('degraded');
    expect(nextStatus('message', 'running')).toBe('running');
  });

  it('names only known statuses', () => {
    for (const action of Object.keys(TRANSITIONS) as AgentAction[]) {
      const { from, to } = TRANSITIONS[action];
      expect([...from, ...(to ? [to] : [])].every((status) => (AGENT_STATUSES as readonly string[]).includes(status))).toBe(true);
    }
  });

  it('never writes the legacy status active', () => {
    expect(Object.values(TRANSITIONS).map((transition) => transition.to)).not.toContain('active');
  });
});
