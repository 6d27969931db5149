import { BEARER, type TestPlatform, type TestUser } from '@platform/testing';

/** An agent record of the user's, made by the platform's backend route: no runtime, status pending. */
export async function recordedAgent(platform: TestPlatform, user: TestUser, name = 'Planner'): Promise<string> {
  const response = await platform.backend().post('/api/agents', { name }, { ...BEARER, 'x-user-id': user.id });
  if (response.status !== 201) throw new Error(`create agent: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}

/** A POST /api/scheduled-tasks body with every required field. */
export const taskBody = (agentId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Morning brief', cronSchedule: '0 9 * * *', prompt: 'Summarise my day', agentId, ...overrides,
});
