import { IsString, Matches, MaxLength } from 'class-validator';
import { AGENT_MESSAGES as M, AGENT_NAME_MAX } from './agent-messages.js';

/** A required agent name: a string with something visible in it, at most 64 characters. */
export function AgentName(): PropertyDecorator {
  return (target, key) => {
    // Rules are checked in the order they are registered: the string check first, the length last.
    IsString({ message: M.nameRequired })(target, key);
    Matches(/\S/, { message: M.nameRequired })(target, key);
    MaxLength(AGENT_NAME_MAX, { message: M.nameTooLong })(target, key);
  };
}
