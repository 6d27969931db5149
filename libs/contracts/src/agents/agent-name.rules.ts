import { IsString, Matches, MaxLength } from 'class-validator';
import { AGENT_MESSAGES as M } from './agent-messages.js';

export const AGENT_NAME_MAX = 64;

/** A required agent name: a string with something visible in it, at most 64 characters. */
export function AgentName(): PropertyDecorator {
  return (target, key) => {
    // Decorators run bottom-up: the string check first, the length last.
    MaxLength(AGENT_NAME_MAX, { message: M.nameTooLong })(target, key);
    Matches(/\S/, { message: M.nameRequired })(target, key);
    IsString({ message: M.nameRequired })(target, key);
  };
}
