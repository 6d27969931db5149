import type { CreateCheckoutSession } from './create-checkout-session.dto.js';
import type { StripeCheckoutSession } from './stripe-checkout-session.model.js';
import { newStripeId } from './stripe-id.js';

/** `baseUrl` is where the creating request reached the sandbox, so the page URL works for that caller. */
export function toCheckoutSession(request: CreateCheckoutSession, baseUrl: string, created: number): StripeCheckoutSession {
  const id = newStripeId('cs_test');
  const amount = request.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  return {
    id,
    object: 'checkout.session',
    url: `${baseUrl}/stripe/checkout/${id}`,
    mode: request.mode,
    customer: request.customer,
    metadata: request.metadata,
    status: 'open',
    payment_status: 'unpaid',
    amount_subtotal: amount,
    amount_total: amount,
    currency: request.lineItems[0].currency,
    subscription: null,
    payment_intent: null,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    created,
    livemode: false,
  };
}
