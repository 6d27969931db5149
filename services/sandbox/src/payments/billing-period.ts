import type { StripeRecurring } from './stripe-price.model.js';

const DAY_SECONDS = 86_400;

export interface BillingPeriod {
  start: number;
  end: number;
}

/**
 * The `period`th period (0 is the first) of a subscription anchored at `anchor` (Unix seconds).
 * Months are calendar months from the anchor, clamped to a short month's last day, as Stripe bills.
 */
export function billingPeriod(anchor: number, recurring: StripeRecurring, period: number): BillingPeriod {
  return { start: afterIntervals(anchor, recurring, period), end: afterIntervals(anchor, recurring, period + 1) };
}

function afterIntervals(anchor: number, { interval, interval_count: count }: StripeRecurring, periods: number): number {
  switch (interval) {
    case 'day':
      return anchor + periods * count * DAY_SECONDS;
    case 'week':
      return anchor + periods * count * 7 * DAY_SECONDS;
    case 'month':
      return afterMonths(anchor, periods * count);
    case 'year':
      return afterMonths(anchor, periods * count * 12);
  }
}

function afterMonths(anchor: number, months: number): number {
  const start = new Date(anchor * 1000);
  const target = new Date(start);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}
