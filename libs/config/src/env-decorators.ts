import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, IsPositive, Max, Min } from 'class-validator';

const SECRET_KEYS = Symbol('secretEnvKeys');

/** Marks a variable whose value must never reach a log line. */
export function Secret(): PropertyDecorator {
  return (target, key) => {
    const owner = target as Record<symbol, string[]>;
    owner[SECRET_KEYS] = [...(owner[SECRET_KEYS] ?? []), String(key)];
  };
}

export function secretKeysOf(instance: object): string[] {
  return (instance as Record<symbol, string[]>)[SECRET_KEYS] ?? [];
}

export function EnvPort(): PropertyDecorator {
  return (target, key) => {
    Type(() => Number)(target, key);
    IsInt()(target, key);
    Min(0)(target, key);
    Max(65535)(target, key);
  };
}

export function EnvInt(min = 0): PropertyDecorator {
  return (target, key) => {
    Type(() => Number)(target, key);
    IsInt()(target, key);
    Min(min)(target, key);
  };
}

/** A duration in seconds; fractions allowed, so tests can run a service's timers in milliseconds. */
export function EnvSeconds(): PropertyDecorator {
  return (target, key) => {
    Type(() => Number)(target, key);
    IsNumber({ allowNaN: false, allowInfinity: false })(target, key);
    IsPositive()(target, key);
  };
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off', '']);

export function EnvBoolean(): PropertyDecorator {
  return (target, key) => {
    Transform(({ value }) => {
      if (typeof value === 'boolean') return value;
      const word = String(value).trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      return value;
    })(target, key);
    IsBoolean()(target, key);
  };
}
