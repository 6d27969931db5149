import { renderCheckoutPage } from './checkout-page.js';
import type { CheckoutSessionRecord } from './checkout-session.record.js';
import type { CheckoutLineItem } from './checkout-line-item.model.js';
import type { StripeCheckoutSession } from './stripe-checkout-session.model.js';

const item = (productName: string, recurring: CheckoutLineItem['recurring'] = null): CheckoutLineItem => ({
  productName,
  currency: 'gbp',
  unitAmount: 1000,
  quantity: 1,
  recurring,
});

const record = (lineItems: CheckoutLineItem[], session: Partial<StripeCheckoutSession> = {}): CheckoutSessionRecord => ({
  session: { id: 'cs_test_1', amount_total: 1000 * lineItems.length, currency: 'gbp', cancel_url: null, ...session } as StripeCheckoutSession,
  lineItems,
  subscriptionMetadata: {},
});

describe('renderCheckoutPage', () => {
  it('names every item and shows a one-time amount without a period', () => {
    const html = renderCheckoutPage(record([item('Credits'), item('Fee')]));

    expect(html).toContain('<h1>Credits + Fee</h1>');
    expect(html).toContain('<p class="amount">£20.00</p>');
  });

  it('shows a period of several intervals', () => {
    expect(renderCheckoutPage(record([item('Label', { interval: 'month', interval_count: 3 })]))).toContain('£10.00 every 3 months');
  });

  it('has no cancel link without a cancel_url', () => {
    expect(renderCheckoutPage(record([item('Solo')]))).not.toContain('Cancel');
  });

  it('escapes the product name and the cancel_url', () => {
    const html = renderCheckoutPage(record([item('<script>x</script>')], { cancel_url: 'http://a.test/?q="><script>' }));

    expect(html).not.toContain('<script>');
    expect(html).toContain('href="http://a.test/?q=&#34;&#62;&#60;script&#62;"');
  });
});
