import { BILLING_MESSAGES } from '@contracts/billing/messages.js';
import type { Rule } from './validation.js';

export const byokKeyRule: Rule = (value) => (value.trim() ? undefined : BILLING_MESSAGES.apiKeyRequired);
