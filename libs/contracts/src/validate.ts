import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { ApiError } from './api-error.js';
import { memoizeRuleLookup } from './rule-lookup.js';

memoizeRuleLookup();

/**
 * class-transformer drops these keys, and takes an object's own `constructor` for the class to
 * build (a TypeError when it is not one), so a payload carrying them is refused rather than half read.
 */
const REFUSED_KEYS = new Set(['__proto__', 'constructor']);

/** PostgreSQL stores no NUL in text or jsonb: a payload's text that would fail there is refused here. */
export const NUL_REFUSED = 'Text may not contain NUL characters';

function firstMessage(errors: ValidationError[]): string | undefined {
  for (const error of errors) {
    const own = Object.values(error.constraints ?? {})[0];
    if (own) return own;
    const nested = firstMessage(error.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/** Why the payload is refused before its class's rules are read, if it is; without recursion, as a payload may be deep. */
function refusal(plain: unknown): string | undefined {
  const pending: unknown[] = [plain];
  while (pending.length) {
    const current = pending.pop();
    if (typeof current === 'string' && current.includes('\u0000')) return NUL_REFUSED;
    if (current === null || typeof current !== 'object') continue;
    for (const [key, value] of Object.entries(current)) {
      if (REFUSED_KEYS.has(key)) return `Field name ${key} is not allowed`;
      pending.push(key, value);
    }
  }
  return undefined;
}

/**
 * Holds a body, event or job payload to its class's rules. The first failing rule's message is
 * the error text, so DTOs carry the spec's wording in their decorators, ordered as the spec lists them.
 */
export function validateAs<T extends object>(cls: new () => T, plain: unknown): T {
  const source = plain !== null && typeof plain === 'object' && !Array.isArray(plain) ? plain : {};
  const refused = refusal(source);
  if (refused) throw new ApiError(400, refused);
  const instance = plainToInstance(cls, source);
  const message = firstMessage(validateSync(instance, { stopAtFirstError: true, forbidUnknownValues: false }));
  if (message) throw new ApiError(400, message);
  return instance;
}
