import { PaymentsError } from './payments-error.js';
import type { StripeMetadata } from './stripe-metadata.model.js';
import { isWebUrl } from './web-url.js';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A form body (or query) read as Stripe reads it: every value arrives as text, and a refused
 * parameter is named by its full bracketed path, as in `error.param`. Parameters the sandbox does
 * not model are ignored rather than refused, so a caller's extra option does not break a test.
 */
export class StripeParams {
  private constructor(
    private readonly fields: Fields,
    private readonly path: string,
  ) {}

  static of(body: unknown): StripeParams {
    return new StripeParams(isFields(body) ? body : {}, '');
  }

  /** An empty value reads as absent: Stripe takes `name=` to mean "not set". */
  string(name: string): string | undefined {
    const value = this.fields[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw invalid(`Invalid string: ${this.at(name)} must be text`, this.at(name));
    return value;
  }

  requiredString(name: string): string {
    return this.present(name, this.string(name));
  }

  integer(name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    if (!/^-?\d+$/.test(text)) throw invalid(`Invalid integer: ${text}`, this.at(name));
    const value = Number(text);
    if (value < min) throw invalid(`This value must be greater than or equal to ${min}.`, this.at(name));
    if (value > max) throw invalid(`This value must be less than or equal to ${max}.`, this.at(name));
    return value;
  }

  requiredInteger(name: string, min: number): number {
    return this.present(name, this.integer(name, min));
  }

  requiredOneOf<T extends string>(name: string, allowed: readonly T[]): T {
    const value = this.requiredString(name);
    if (!allowed.includes(value as T)) throw invalid(`Invalid ${this.at(name)}: must be one of ${allowed.join(', ')}`, this.at(name));
    return value as T;
  }

  /** Lower-cased, as Stripe reports a currency back. */
  currency(name: string): string {
    const value = this.requiredString(name);
    if (!/^[a-z]{3}$/i.test(value)) throw invalid(`Invalid currency: ${value}`, this.at(name));
    return value.toLowerCase();
  }

  /** Only http(s): the page links to it, so a `javascript:` URL must not get through. */
  url(name: string): string | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (!isWebUrl(value)) throw invalid('Not a valid URL', this.at(name));
    return value;
  }

  metadata(name = 'metadata'): StripeMetadata {
    const value = this.fields[name];
    if (value === undefined || value === '') return {};
    if (!isFields(value) || Object.values(value).some((entry) => typeof entry !== 'string')) {
      throw invalid(`Invalid ${this.at(name)}: an object of string values`, this.at(name));
    }
    return { ...(value as StripeMetadata) };
  }

  object(name: string): StripeParams | undefined {
    const value = this.fields[name];
    if (value === undefined || value === '') return undefined;
    if (!isFields(value)) throw invalid(`Invalid object: ${this.at(name)}`, this.at(name));
    return new StripeParams(value, this.at(name));
  }

  requiredObject(name: string): StripeParams {
    return this.present(name, this.object(name));
  }

  list(name: string): StripeParams[] {
    const value = this.fields[name];
    if (value === undefined || value === '') return [];
    if (!Array.isArray(value)) throw invalid(`Invalid array: ${this.at(name)}`, this.at(name));
    return value.map((item, index) => {
      if (!isFields(item)) throw invalid(`Invalid object: ${this.at(name)}[${index}]`, `${this.at(name)}[${index}]`);
      return new StripeParams(item, `${this.at(name)}[${index}]`);
    });
  }

  private present<T>(name: string, value: T | undefined): T {
    if (value === undefined) throw new PaymentsError('parameter_missing', `Missing required param: ${this.at(name)}.`, this.at(name));
    return value;
  }

  private at(name: string): string {
    return this.path ? `${this.path}[${name}]` : name;
  }
}

function invalid(message: string, param: string): PaymentsError {
  return new PaymentsError('parameter_invalid', message, param);
}
