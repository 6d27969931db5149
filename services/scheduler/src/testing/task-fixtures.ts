/** A POST /api/scheduled-tasks body with every required field. */
export const taskBody = (agentId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Morning brief', cronSchedule: '0 9 * * *', prompt: 'Summarise my day', agentId, ...overrides,
});
