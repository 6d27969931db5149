import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BEARER, PaymentsSandbox, TestPlatform } from '@platform/testing';
import { processorClient } from '../testing/processor-client.js';

describe('POST /api/subscriptions/deploy (backend, platform-core 4.6)', () => {
  let platform: TestPlatform;

  const deploy = (body: unknown, headers: Record<string, string> = BEARER) => platform.backend().post('/api/subscriptions/deploy', body, headers);

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing'] });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it.each([
    ['solo', { memory: 2, cpus: 1 }], ['collective', { memory: 4, cpus: 2 }], ['label', { memory: 8, cpus: 4 }], ['network', { memory: 16, cpus: 4 }],
    ['underground', { memory: 2, cpus: 1 }], ['starter', { memory: 2, cpus: 1 }], ['pro', { memory: 4, cpus: 2 }], ['scale', { memory: 8, cpus: 4 }],
    ['enterprise', { memory: 16, cpus: 4 }], ['white_glove', { memory: 32, cpus: 8 }],
  ])('tier %s: its resources', async (tier, resources) => {
    const response = await deploy({ tier, customerId: 'cus_1', subscriptionId: 'sub_1' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, customerId: 'cus_1', subscriptionId: 'sub_1', tier, resources });
  });

  it('stripeCustomerId stands for customerId', async () => {
    expect((await deploy({ tier: 'solo', stripeCustomerId: 'cus_2' })).body).toMatchObject({ success: true, customerId: 'cus_2', subscriptionId: null });
  });

  it.each([
    ['no customer id', { tier: 'solo' }, 'customerId or stripeCustomerId is required'],
    ['an empty customer id', { tier: 'solo', customerId: '' }, 'customerId or stripeCustomerId is required'],
    ['no tier', { customerId: 'cus_1' }, 'tier is required'],
    ['an unknown tier', { customerId: 'cus_1', tier: 'free' }, 'Invalid tier'],
  ])('%s: 400', async (_case, body, error) => {
    const response = await deploy(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it.each([['no bearer key', {}, 401], ['a wrong one', { authorization: 'Bearer nope' }, 403]])('%s: %i', async (_case, headers, status) => {
    expect((await deploy({ tier: 'solo', customerId: 'cus_1' }, headers)).status).toBe(status);
  });

  it('a known customer gets the tier as plan, active', async () => {
    const user = await platform.newUser();
    const checkout = await user.client.post('/api/billing', { action: 'create-checkout', plan: 'starter' });
    expect(checkout.status).toBe(200);
    const customerId = (await processorClient(platform).checkout.sessions.retrieve(PaymentsSandbox.sessionIdOf(checkout.body.url))).customer as string;
    expect((await deploy({ tier: 'scale', customerId })).status).toBe(200);
    await platform.waitForPlan(user, 'scale', 'active');
  });
});
