import { PaymentsError } from './payments-error.js';
import { StripeParams } from './stripe-params.js';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof PaymentsError) return { code: error.code, message: error.message, param: error.param };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('StripeParams', () => {
  it('reads an empty value as absent', () => {
    expect(StripeParams.of({ email: '' }).string('email')).toBeUndefined();
  });

  it('names a missing nested parameter by its bracketed path', () => {
    const [item] = StripeParams.of({ line_items: [{ price_data: {} }] }).list('line_items');

    expect(refusal(() => item.requiredObject('price_data').requiredString('currency'))).toEqual({
      code: 'parameter_missing',
      message: 'Missing required param: line_items[0][price_data][currency].',
      param: 'line_items[0][price_data][currency]',
    });
  });

  it.each([
    ['12.5', 'Invalid integer: 12.5'],
    ['-1', 'This value must be greater than or equal to 0.'],
    ['101', 'This value must be less than or equal to 100.'],
  ])('refuses %s as an integer from 0 to 100', (value, message) => {
    expect(refusal(() => StripeParams.of({ n: value }).integer('n', 0, 100))).toEqual({ code: 'parameter_invalid', message, param: 'n' });
  });

  it('refuses a repeated parameter, which arrives as a list, where text is expected', () => {
    expect(refusal(() => StripeParams.of({ email: ['a', 'b'] }).string('email'))).toMatchObject({ code: 'parameter_invalid', param: 'email' });
  });

  it('refuses metadata with a nested value', () => {
    expect(refusal(() => StripeParams.of({ metadata: { a: { b: 'c' } } }).metadata())).toMatchObject({ param: 'metadata' });
  });

  it('lower-cases a currency and refuses one that is not three letters', () => {
    expect(StripeParams.of({ currency: 'GBP' }).currency('currency')).toBe('gbp');
    expect(refusal(() => StripeParams.of({ currency: 'pounds' }).currency('currency'))).toMatchObject({ message: 'Invalid currency: pounds' });
  });
});
