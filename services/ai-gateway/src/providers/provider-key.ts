import { inspect } from 'node:util';

const HIDDEN = '[redacted]';

/**
 * A user's own provider key (bring-your-own-key). It is never logged: printed, interpolated or
 * serialized it reads `[redacted]`, and only the protocol that sends it to the vendor reveals it.
 */
export class ProviderKey {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return HIDDEN;
  }

  toJSON(): string {
    return HIDDEN;
  }

  [inspect.custom](): string {
    return HIDDEN;
  }
}
