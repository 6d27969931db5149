import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { ApiError } from './api-error.js';

function firstMessage(errors: ValidationError[]): string | undefined {
  for (const error of errors) {
    const own = Object.values(error.constraints ?? {})[0];
    if (own) return own;
    const nested = firstMessage(error.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * Holds a body, event or job payload to its class's rules. The first failing rule's message is
 * the error text, so DTOs carry the spec's wording in their decorators, ordered as the spec lists them.
 */
export function validateAs<T extends object>(cls: new () => T, plain: unknown): T {
  const source = plain !== null && typeof plain === 'object' && !Array.isArray(plain) ? plain : {};
  const instance = plainToInstance(cls, source);
  const message = firstMessage(validateSync(instance, { stopAtFirstError: true, forbidUnknownValues: false }));
  if (message) throw new ApiError(400, message);
  return instance;
}
