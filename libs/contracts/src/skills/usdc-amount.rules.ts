import { ValidateBy, type ValidationOptions } from 'class-validator';
import { USDC_AMOUNT_PATTERN } from '../wallet/split.dtos.js';

/**
 * A USDC amount as the decimal text a person writes: a string, or a number, whose shortest decimal
 * form (what JSON carried) is read digit for digit. Numbers are accepted because 4.7's skill fields
 * are numbers to most clients; no float arithmetic touches them after this.
 */
export function amountText(value: number | string): string {
  return typeof value === 'number' ? String(value) : value;
}

/** The field is a USDC amount from 0: a string or number of at most 12 whole digits and 6 decimals. */
export function IsUsdcAmount(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({
    name: 'isUsdcAmount',
    validator: {
      validate: (value: unknown) => (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
        && USDC_AMOUNT_PATTERN.test(amountText(value)),
    },
  }, options);
}
