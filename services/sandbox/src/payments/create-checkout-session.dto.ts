import type { CheckoutLineItem } from './checkout-line-item.model.js';
import { PaymentsError } from './payments-error.js';
import type { CheckoutMode } from './stripe-checkout-session.model.js';
import type { StripeMetadata } from './stripe-metadata.model.js';
import { StripeParams } from './stripe-params.js';
import type { RecurringInterval } from './stripe-price.model.js';

const MODES: readonly CheckoutMode[] = ['payment', 'subscription'];
const INTERVALS: readonly RecurringInterval[] = ['day', 'week', 'month', 'year'];

export interface CreateCheckoutSession {
  mode: CheckoutMode;
  customer: string | null;
  lineItems: CheckoutLineItem[];
  successUrl: string | null;
  cancelUrl: string | null;
  metadata: StripeMetadata;
  /** `subscription_data[metadata]`: what the subscription the session starts will carry. */
  subscriptionMetadata: StripeMetadata;
}

/** Line items with inline prices (`price_data`) only: the sandbox keeps no price catalogue. */
export function readCreateCheckoutSession(body: unknown): CreateCheckoutSession {
  const params = StripeParams.of(body);
  const mode = params.requiredOneOf('mode', MODES);
  const lineItems = params.list('line_items').map(readLineItem);
  if (lineItems.length === 0) throw new PaymentsError('parameter_missing', 'Missing required param: line_items.', 'line_items');
  checkPrices(mode, lineItems);
  return {
    mode,
    customer: params.string('customer') ?? null,
    lineItems,
    successUrl: params.url('success_url') ?? null,
    cancelUrl: params.url('cancel_url') ?? null,
    metadata: params.metadata(),
    subscriptionMetadata: params.object('subscription_data')?.metadata() ?? {},
  };
}

function readLineItem(item: StripeParams): CheckoutLineItem {
  const price = item.requiredObject('price_data');
  const recurring = price.object('recurring');
  return {
    productName: price.requiredObject('product_data').requiredString('name'),
    currency: price.currency('currency'),
    unitAmount: price.requiredInteger('unit_amount', 0),
    quantity: item.requiredInteger('quantity', 1),
    recurring: recurring
      ? { interval: recurring.requiredOneOf('interval', INTERVALS), interval_count: recurring.integer('interval_count', 1) ?? 1 }
      : null,
  };
}

/** Stripe's own refusals for prices that do not fit the mode or each other. */
function checkPrices(mode: CheckoutMode, lineItems: CheckoutLineItem[]): void {
  const recurring = lineItems.flatMap((item) => (item.recurring ? [item.recurring] : []));
  if (mode === 'payment' && recurring.length > 0) {
    throw invalid('You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.');
  }
  if (mode === 'subscription' && recurring.length === 0) {
    throw invalid('You must provide at least one recurring price in `subscription` mode when using prices.');
  }
  if (new Set(lineItems.map((item) => item.currency)).size > 1) throw invalid('All line items must have the same currency.');
  if (new Set(recurring.map((each) => `${each.interval}/${each.interval_count}`)).size > 1) {
    throw invalid('All prices on a subscription must have the same `recurring.interval` and `recurring.interval_count`.');
  }
}

function invalid(message: string): PaymentsError {
  return new PaymentsError('parameter_invalid', message, 'line_items');
}
