/** Texts of the usage routes and log lines, worded once so tests and handlers agree. */
export const USAGE_MESSAGES = {
  invalidPeriod: 'period must be 7d, 30d or mtd',
  invalidDays: 'days must be a whole number from 1 to 365',
  invalidAgentId: 'agentId must be a string of at most 255 characters',
  emptyUserId: 'x-user-id must not be empty: leave it out for every user',
  userIdRequired: 'userId must be a non-empty string of at most 255 characters',
  sampleData: 'No usage yet: showing sample data until your agents make their first calls.',
  costDashboardFailed: 'Failed to load cost data',
} as const;

export const USAGE_MAX_DAYS = 365;

/** The spec's failure line (platform-core, UsageLogger), written by the usage producer and the usage worker. */
export function usageLogFailedLine(message: string): string {
  return `[UsageLogger] Failed to log usage: ${message}`;
}
