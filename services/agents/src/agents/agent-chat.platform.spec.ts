import { ownerQuery, provisionRunning, subscribedUser, TestPlatform, waitFor, type TestUser } from '@platform/testing';

/** An agent's runtime answers through the AI layer, and what it spends reaches usage. */
describe('a message to a running agent', () => {
  let platform: TestPlatform;
  let owner: TestUser;
  let agentId: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'ai-gateway', 'usage', 'agents'], env: { USAGE_BATCH_MAX_WAIT_MS: '50' } });
    owner = await subscribedUser(platform);
    // tier pro → plan collective, which does not include the default model claude-opus-4-6.
    agentId = await provisionRunning(platform, owner, { tier: 'pro' });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('is answered by a model the plan allows and kept in the history', async () => {
    const response = await owner.client.post(`/api/agents/${agentId}/messages`, { message: 'What can you do?' });
    expect(response.status).toBe(200);
    expect(response.body.reply).toEqual({ role: 'assistant', content: expect.stringContaining('What can you do?') });
    expect(response.body.model).not.toBe('anthropic/claude-opus-4-6');
    const history = (await owner.client.get(`/api/agents/${agentId}/messages`)).body;
    expect(history.count).toBe(2);
  });

  it('bills the chat to the agent and records its memory tool calls', async () => {
    const usage = await waitFor(
      () => ownerQuery(platform.env, 'SELECT user_id, agent_id, endpoint FROM usage.usage_logs WHERE agent_id = $1', [agentId]),
      (rows) => rows.length === 1,
    );
    expect(usage).toEqual([{ user_id: owner.id, agent_id: agentId, endpoint: '/api/ai/chat' }]);
    const tools = await waitFor(
      () => ownerQuery<{ tool_name: string }>(platform.env, 'SELECT tool_name FROM usage.tool_usage WHERE agent_id = $1 ORDER BY tool_name', [agentId]),
      (rows) => rows.length === 2,
    );
    expect(tools.map((row) => row.tool_name)).toEqual(['memory_recall', 'memory_store']);
  });
});
