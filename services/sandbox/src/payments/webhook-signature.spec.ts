import Stripe from 'stripe';
import { signWebhookPayload } from './webhook-signature.js';

const SECRET = 'whsec_test_secret';

describe('signWebhookPayload', () => {
  const stripe = new Stripe('sk_test_unused');
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: {} } });
  const now = () => Math.floor(Date.now() / 1000);

  it('signs as the SDK verifies: constructEvent accepts it within the 300 s tolerance', () => {
    const header = signWebhookPayload(payload, SECRET, now());

    expect(stripe.webhooks.constructEvent(payload, header, SECRET, 300)).toMatchObject({ id: 'evt_1', type: 'checkout.session.completed' });
  });

  it('writes t=<seconds>,v1=<64 hex digits>', () => {
    expect(signWebhookPayload(payload, SECRET, 1_700_000_000)).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
  });

  it('is refused under another secret', () => {
    const header = signWebhookPayload(payload, 'whsec_other', now());

    expect(() => stripe.webhooks.constructEvent(payload, header, SECRET, 300)).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('is refused for a body changed by one byte', () => {
    const header = signWebhookPayload(payload, SECRET, now());

    expect(() => stripe.webhooks.constructEvent(`${payload} `, header, SECRET, 300)).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('is refused once older than the tolerance', () => {
    const header = signWebhookPayload(payload, SECRET, now() - 301);

    expect(() => stripe.webhooks.constructEvent(payload, header, SECRET, 300)).toThrow(/Timestamp outside the tolerance zone/);
  });
});
