import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BEARER, TestPlatform, waitForStatus, waitUntil, type TestUser } from '@platform/testing';

/**
 * The README's quick start, as a new user would try it: pay in the sandbox, get an agent without
 * being an admin, talk to it, cancel, and see the agent suspended and chat refused.
 */
describe('a new user pays, runs an agent and cancels (end to end)', () => {
  let platform: TestPlatform;
  let user: TestUser;
  let subscriptionId: string;
  let agentId: string;

  /** The AI layer as a backend caller names the user: the headers claim a plan, billing decides. */
  const chatAsUser = () => platform.backend().post('/api/ai/chat', { messages: [{ role: 'user', content: 'Hello' }] }, {
    ...BEARER, 'x-user-id': user.id, 'x-user-plan': 'solo', 'x-billing-subscription-id': subscriptionId,
  });

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'ai-gateway', 'usage', 'agents'] });
    user = await platform.newUser();
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('checkout solo in the sandbox: GET /api/user shows solo, active', async () => {
    const checkout = await user.client.get('/api/billing-provider/checkout?plan=solo');
    expect(checkout.status).toBe(303);
    const paid = await platform.payments.complete(checkout.headers.get('location')!);
    expect(paid.delivered).toBe(200);
    subscriptionId = paid.subscriptionId!;
    await platform.waitForPlan(user, 'solo', 'active');
  });

  it('provisions an agent without ADMIN_EMAILS, and it answers a message', async () => {
    const provisioned = await user.client.post('/api/agents/provision', { name: 'Helper', model: 'custom' });
    expect(provisioned.status).toBe(201);
    agentId = provisioned.body.agent.id;
    await waitForStatus(platform.backend(), agentId, 'running');
    const answer = await user.client.post(`/api/agents/${agentId}/messages`, { message: 'Are you there?' });
    expect(answer.status).toBe(200);
    expect(answer.body.reply.content).toContain('Are you there?');
    expect((await chatAsUser()).status).toBe(200);
  });

  it('counts the day\'s AI calls (the agent\'s and the backend\'s) as units used, in GET /api/billing and get-usage alike', async () => {
    const usage = await waitUntil('two units used', async () => (await user.client.get('/api/billing')).body.usage, (current) => current?.used === 2);
    expect(usage).toEqual({ dailyUnits: 600, used: 2, remaining: 598 });
    expect((await user.client.post('/api/billing', { action: 'get-usage' })).body).toMatchObject({ dailyUnits: 600, used: 2, remaining: 598 });
  });

  it('cancel in the sandbox: the agent is suspended and chat answers 402', async () => {
    expect((await platform.payments.cancel(subscriptionId)).delivered).toBe(200);
    await platform.waitForPlan(user, 'solo', 'canceled');
    await waitForStatus(platform.backend(), agentId, 'suspended');
    const chat = await chatAsUser();
    expect(chat.status).toBe(402);
    expect(chat.body).toMatchObject({ success: false, code: 'SUBSCRIPTION_REQUIRED' });
    expect((await user.client.post('/api/agents/provision', { name: 'Another' })).status).toBe(402);
  });

  it('paying again brings the agent back', async () => {
    await platform.setPlan(user, 'solo');
    await waitForStatus(platform.backend(), agentId, 'running');
    await waitUntil('the agent answers again', async () => (await user.client.post(`/api/agents/${agentId}/messages`, { message: 'Back?' })).status, (status) => status === 200);
  });
});
