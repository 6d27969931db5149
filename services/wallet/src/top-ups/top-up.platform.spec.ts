import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BILLING_MESSAGES, BILLING_SIGNATURE_HEADER, DEFAULT_TOP_UP_CENTS, TOP_UP_AMOUNTS_CENTS } from '@platform/contracts';
import { PaymentsSandbox, TestPlatform } from '@platform/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

const newAddress = () => privateKeyToAccount(generatePrivateKey()).address;
const APP_URL = 'http://app.test';

describe('GET /api/wallet/top-up', () => {
  let platform: TestPlatform;
  const topUp = (query: string) => platform.web().get(`/api/wallet/top-up?${query}`);

  /** The checkout session as the processor holds it, read through its API. */
  const processorSession = async (sessionId: string) => {
    const response = await fetch(`${platform.env.BILLING_PROCESSOR_URL}/v1/checkout/sessions/${sessionId}`, {
      headers: { authorization: `Bearer ${platform.env.BILLING_PROCESSOR_KEY}` },
    });
    return (await response.json()) as { amount_total: number; mode: string; metadata: Record<string, string>; success_url: string; cancel_url: string };
  };

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'wallet'], env: { APP_URL } });
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
  });

  it.each(['0', '100', '1001', 'ten', '1000.5', '-500', ''])('400 Invalid amount for amount=%s', async (amount) => {
    const response = await topUp(`amount=${amount}&address=${newAddress()}`);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid amount' });
  });

  it.each([
    ['missing', ''],
    ['too short', '&address=0x1234'],
    ['without 0x', `&address=${'ab'.repeat(21)}`],
    ['not hex', `&address=0x${'zz'.repeat(20)}`],
    ['43 characters', `&address=0x${'a'.repeat(41)}`],
  ])('400 Invalid address when %s', async (_case, address) => {
    const response = await topUp(`amount=1000${address}`);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Invalid address' });
  });

  it('POST /api/wallet/top-up refuses a webhook whose billing-signature does not verify: 400 Invalid signature', async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: { metadata: { type: 'wallet_top_up' } } } });

    const response = await platform.web().post('/api/wallet/top-up', body, { 'content-type': 'application/json', [BILLING_SIGNATURE_HEADER]: 't=1,v1=forged' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: BILLING_MESSAGES.invalidSignature });
  });

  it('answers the processor\'s checkout url and session: 1000 cents by default, a one-off payment marked wallet_top_up', async () => {
    const address = newAddress();

    const response = await topUp(`address=${address}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ url: expect.stringContaining(`${platform.sandbox.url}/stripe/checkout/`), sessionId: expect.any(String) });
    expect(PaymentsSandbox.sessionIdOf(response.body.url)).toBe(response.body.sessionId);
    expect(await processorSession(response.body.sessionId)).toMatchObject({
      mode: 'payment',
      amount_total: DEFAULT_TOP_UP_CENTS,
      metadata: { type: 'wallet_top_up', walletAddress: address, amountCents: String(DEFAULT_TOP_UP_CENTS) },
      success_url: `${APP_URL}/dashboard/wallet?top_up=success`,
      cancel_url: `${APP_URL}/dashboard/wallet?top_up=cancelled`,
    });
  });

  it.each(TOP_UP_AMOUNTS_CENTS)('a checkout of %d cents for that amount', async (amount) => {
    const response = await topUp(`amount=${amount}&address=${newAddress()}`);

    expect(response.status).toBe(200);
    expect((await processorSession(response.body.sessionId)).amount_total).toBe(amount);
  });

  it('500 Checkout failed when the processor refuses the checkout', async () => {
    await platform.payments.failCheckouts(true);
    try {
      const response = await topUp(`amount=500&address=${newAddress()}`);

      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: 'Checkout failed' });
    } finally {
      await platform.payments.failCheckouts(false);
    }
  });

  it('500 Payment processor not configured when billing has no processor key', async () => {
    await platform.stopService('billing');
    await platform.startService('billing', { BILLING_PROCESSOR_KEY: '' });

    const response = await topUp(`amount=500&address=${newAddress()}`);

    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Payment processor not configured' });
  });

  it('503 with Retry-After while billing does not answer', async () => {
    await platform.stopService('billing');

    const response = await topUp(`amount=500&address=${newAddress()}`);

    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.body).toEqual({ error: 'Service unavailable' });
  });
});
