import { readCreateCheckoutSession } from './create-checkout-session.dto.js';
import { PaymentsError } from './payments-error.js';

const monthly = (currency = 'gbp', interval = 'month') => ({
  price_data: { currency, unit_amount: '2900', product_data: { name: 'Solo' }, recurring: { interval } },
  quantity: '1',
});

describe('readCreateCheckoutSession', () => {
  it('reads a subscription checkout as the SDK sends it, all values as text', () => {
    expect(
      readCreateCheckoutSession({
        mode: 'subscription',
        customer: 'cus_1',
        line_items: [monthly()],
        success_url: 'https://platform.test/ok',
        metadata: { plan: 'solo' },
        subscription_data: { metadata: { userId: 'u-1' } },
      }),
    ).toEqual({
      mode: 'subscription',
      customer: 'cus_1',
      lineItems: [{ productName: 'Solo', currency: 'gbp', unitAmount: 2900, quantity: 1, recurring: { interval: 'month', interval_count: 1 } }],
      successUrl: 'https://platform.test/ok',
      cancelUrl: null,
      metadata: { plan: 'solo' },
      subscriptionMetadata: { userId: 'u-1' },
    });
  });

  it.each([
    ['a quantity of 0', { line_items: [{ ...monthly(), quantity: '0' }] }, 'line_items[0][quantity]'],
    ['an unknown interval', { line_items: [monthly('gbp', 'fortnight')] }, 'line_items[0][price_data][recurring][interval]'],
    ['two currencies', { line_items: [monthly('gbp'), monthly('usd')] }, 'line_items'],
    ['two intervals', { line_items: [monthly('gbp', 'month'), monthly('gbp', 'year')] }, 'line_items'],
    ['no recurring price in subscription mode', { line_items: [{ ...monthly(), price_data: { ...monthly().price_data, recurring: undefined } }] }, 'line_items'],
  ])('refuses %s', (_case, change, param) => {
    expect(() => readCreateCheckoutSession({ mode: 'subscription', ...change })).toThrow(
      expect.objectContaining({ constructor: PaymentsError, code: 'parameter_invalid', param }),
    );
  });
});
