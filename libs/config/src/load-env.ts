import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { secretKeysOf } from './env-decorators.js';

export type EnvSource = Record<string, string | undefined>;

/** Thrown at boot; its message is the one line an operator needs. */
export class ConfigError extends Error {}

/**
 * Builds a validated env object. Only variables that are set override the class defaults, so
 * a default lives next to its variable in the env class and in `.env.example`.
 */
export function loadEnv<T extends object>(envClass: new () => T, source: EnvSource = process.env): T {
  const known = Object.keys(new envClass());
  const given: Record<string, string> = {};
  for (const key of known) {
    const value = source[key];
    if (value !== undefined) given[key] = value;
  }
  const env = plainToInstance(envClass, given, { exposeDefaultValues: true });
  const [first] = validateSync(env, { forbidUnknownValues: false });
  if (first) {
    const reason = Object.values(first.constraints ?? {})[0] ?? 'is invalid';
    const shown = secretKeysOf(env).includes(first.property) ? '' : ` (got "${String(source[first.property] ?? '')}")`;
    throw new ConfigError(`Invalid environment variable ${first.property}${shown}: ${reason}`);
  }
  return env;
}

/** The env with secrets replaced, for the boot log line. */
export function redactEnv(env: object): Record<string, unknown> {
  const secrets = new Set(secretKeysOf(env));
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, secrets.has(key) && value ? '[redacted]' : value]),
  );
}
