import { costMicros, microsToUsd, type CostDashboard } from '@platform/contracts';
import { ownerQuery, subscribedUser, TEST_INTERNAL_API_KEY, TestClient, TestPlatform, waitFor, type TestUser } from '@platform/testing';

interface ChatReply {
  model: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

interface UsageRow {
  agent_id: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  cost_usd: string;
  endpoint: string;
}

/** The "done when": a chat and a demo chat are billed, and the dashboard shows the chat's cost. */
describe('usage from chat to the cost dashboard', () => {
  let platform: TestPlatform;
  let user: TestUser;
  let chat: ChatReply;
  let demo: ChatReply;

  const rowsOf = (userId: string) =>
    ownerQuery<UsageRow>(platform.env, 'SELECT agent_id, model, input_tokens, output_tokens, cost_usd, endpoint FROM usage.usage_logs WHERE user_id = $1', [userId]);
  const costOf = (reply: ChatReply) => costMicros(reply.model, reply.usage.prompt_tokens, reply.usage.completion_tokens);
  const rowFor = (reply: ChatReply, agentId: string, endpoint: string): UsageRow => ({
    agent_id: agentId,
    model: reply.model,
    input_tokens: reply.usage.prompt_tokens,
    output_tokens: reply.usage.completion_tokens,
    cost_usd: microsToUsd(costOf(reply)),
    endpoint,
  });

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['billing', 'ai-gateway', 'usage'], env: { USAGE_BATCH_MAX_WAIT_MS: '50' } });
    // A platform user: the AI layer asks billing for the plan, which the user paid for in the sandbox.
    user = await subscribedUser(platform, 'collective');
    const backend = new TestClient(platform.backendUrl, {
      authorization: `Bearer ${TEST_INTERNAL_API_KEY}`,
      'x-user-id': user.id,
      'x-agent-id': 'agent-e2e',
    });
    const chatted = await backend.post<ChatReply>('/api/ai/chat', { messages: [{ role: 'user', content: 'What does a cost dashboard show?' }] });
    expect(chatted.status).toBe(200);
    chat = chatted.body;
    const demoed = await platform.web().post<ChatReply>('/api/demo/chat', { message: 'Hello from the landing page' });
    expect(demoed.status).toBe(200);
    demo = demoed.body;
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('writes the chat to usage_logs priced from the catalogue', async () => {
    const rows = await waitFor(() => rowsOf(user.id), (found) => found.length === 1);
    expect(rows).toEqual([rowFor(chat, 'agent-e2e', '/api/ai/chat')]);
  });

  it('writes the demo chat as user demo, agent demo-chat', async () => {
    const rows = await waitFor(() => rowsOf('demo'), (found) => found.length === 1);
    expect(rows).toEqual([rowFor(demo, 'demo-chat', '/api/demo/chat')]);
  });

  it('shows the chat on the dashboard with its cost, not sample data', async () => {
    const response = await waitFor(
      () => user.client.get<CostDashboard>('/api/dashboard/cost'),
      (reply) => reply.body.summary?.totalCalls === 1,
    );
    expect(response.status).toBe(200);
    expect(response.body.isMockData).toBe(false);
    expect(response.body.summary).toEqual({
      totalCost: costOf(chat) / 1_000_000,
      totalTokens: chat.usage.total_tokens,
      totalCalls: 1,
      avgCostPerCall: costOf(chat) / 1_000_000,
    });
    expect(response.body.modelBreakdown).toEqual([{ model: chat.model, percent: 100, cost: costOf(chat) / 1_000_000 }]);
  });
});
