import { AGENT_MESSAGES } from '@contracts/agents/agent-messages.js';
import type { Rule } from './validation.js';

/**
 * HEARTBEAT_FREQUENCY of libs/contracts/src/agents/agent.dtos.ts, a class-validator module the bundle
 * must not carry; heartbeat-rules.spec.ts holds the two equal.
 */
export const HEARTBEAT_FREQUENCY = /^[1-9]\d{0,5}[mhd]$/;

export const frequencyRule: Rule = (value) => (HEARTBEAT_FREQUENCY.test(value.trim()) ? undefined : AGENT_MESSAGES.invalidFrequency);
