import type { CheckoutSessionRecord } from './checkout-session.record.js';
import { formatAmount } from './format-amount.js';
import type { StripeRecurring } from './stripe-price.model.js';

/** The hosted checkout page, just enough for a person (or a browser test) to pay or walk away. */
export function renderCheckoutPage({ session, lineItems }: CheckoutSessionRecord): string {
  const name = escapeHtml(lineItems.map((item) => item.productName).join(' + '));
  const recurring = lineItems.find((item) => item.recurring)?.recurring;
  const price = formatAmount(session.amount_total, session.currency) + (recurring ? ` ${per(recurring)}` : '');
  const cancel = session.cancel_url ? `\n<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pay ${name}</title></head>
<body>
<h1>${name}</h1>
<p class="amount">${escapeHtml(price)}</p>
<form method="post" action="/stripe/checkout/${encodeURIComponent(session.id)}/complete?return=true"><button type="submit">Pay</button></form>${cancel}
</body>
</html>
`;
}

function per({ interval, interval_count: count }: StripeRecurring): string {
  return count === 1 ? `per ${interval}` : `every ${count} ${interval}s`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
