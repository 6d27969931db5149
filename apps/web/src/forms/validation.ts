import { AGENT_MESSAGES, AGENT_NAME_MAX } from '@contracts/agents/agent-messages.js';
import { API_KEY_NAME_MAX, IDENTITY_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@contracts/identity/messages.js';

/**
 * The API's own rules (libs/contracts), checked before sending so a person sees the same words
 * without a round trip. Each returns the error text, or undefined when the value passes.
 */
/** `values` is the whole form, for a rule that compares fields (a repeated password). */
export type Rule = (value: string, values: Readonly<Record<string, string>>) => string | undefined;

/** A practical subset of class-validator's IsEmail: one @, a dotted domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const rules = {
  email: (value: string) => (!value.trim() ? IDENTITY_MESSAGES.emailRequired : EMAIL.test(value.trim()) ? undefined : IDENTITY_MESSAGES.invalidEmail),
  newPassword: (value: string) => (value.length < PASSWORD_MIN ? IDENTITY_MESSAGES.passwordTooShort
    : value.length > PASSWORD_MAX ? IDENTITY_MESSAGES.passwordTooLong : undefined),
  password: (value: string) => (value ? undefined : IDENTITY_MESSAGES.credentialsRequired),
  keyName: (value: string) => (!/\S/.test(value) ? IDENTITY_MESSAGES.nameRequired
    : value.length > API_KEY_NAME_MAX ? IDENTITY_MESSAGES.nameTooLong : undefined),
  agentName: (value: string) => (!/\S/.test(value) ? AGENT_MESSAGES.nameRequired
    : value.length > AGENT_NAME_MAX ? AGENT_MESSAGES.nameTooLong : undefined),
} satisfies Record<string, Rule>;

/** The first error of each field, only for fields that have one. */
export function validate<F extends string>(values: Record<F, string>, fieldRules: Partial<Record<F, Rule>>): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of Object.keys(fieldRules) as F[]) {
    const error = fieldRules[field]!(values[field], values);
    if (error) errors[field] = error;
  }
  return errors;
}
