import type { TestClient } from './test-client.js';
import type { TestPlatform, TestUser } from './platform.js';
import { TEST_INTERNAL_API_KEY } from './test-env.js';
import { waitFor } from './wait-for.js';

export const BEARER = { authorization: `Bearer ${TEST_INTERNAL_API_KEY}` };

/**
 * Polls the owner's view of an agent until it reaches `status` (or fails the test with where it
 * stood). Each poll comes from a new address (fromNewAddress), so a long wait is never rate limited.
 */
export async function waitForStatus(client: TestClient, agentId: string, status: string, timeoutMs = 25_000): Promise<Record<string, any>> {
  const agent = await waitFor(
    async () => (await client.fromNewAddress().get(`/api/agents/${agentId}`, BEARER)).body as Record<string, any>,
    (current) => current.status === status,
    timeoutMs,
  );
  if (agent.status !== status) throw new Error(`agent ${agentId} is ${agent.status} (${agent.statusReason ?? 'no reason'}), not ${status}`);
  return agent;
}

/**
 * Adds every status the agent passes through until `done` to `seen` (the backend's view, polled
 * every 50 ms, each poll from a new address as in waitForStatus), and returns it.
 */
export async function statusesUntil(client: TestClient, agentId: string, done: (status: string) => boolean, seen: string[] = [], timeoutMs = 30_000): Promise<string[]> {
  await waitFor(async () => {
    const { status } = (await client.fromNewAddress().get(`/api/agents/${agentId}`, BEARER)).body as { status: string };
    if (seen.at(-1) !== status) seen.push(status);
    return status;
  }, done, timeoutMs);
  return seen;
}

/** A new user on `plan` with an active subscription, through the real routes. */
export async function subscribedUser(platform: TestPlatform, plan: Parameters<TestPlatform['setPlan']>[1] = 'collective'): Promise<TestUser> {
  const user = await platform.newUser();
  await platform.setPlan(user, plan);
  return user;
}

export async function provisionRunning(platform: TestPlatform, user: TestUser, body: Record<string, unknown> = {}): Promise<string> {
  const response = await user.client.post('/api/agents/provision', { name: 'Helper', ...body });
  if (response.status !== 201) throw new Error(`provision: ${response.status} ${JSON.stringify(response.body)}`);
  await waitForStatus(platform.backend(), response.body.agent.id, 'running');
  return response.body.agent.id;
}

/** An agent record of the user's, made by the platform's backend route: no runtime, status pending. */
export async function recordedAgent(platform: TestPlatform, user: TestUser, name = 'Planner'): Promise<string> {
  const response = await platform.backend().post('/api/agents', { name }, { ...BEARER, 'x-user-id': user.id });
  if (response.status !== 201) throw new Error(`create agent: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}
