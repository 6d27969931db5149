import type { Logger } from '@nestjs/common';

/** One line per watchdog decision, always naming the agent, so an agent's history greps out of the log. */
export function logDecision(logger: Logger, agentId: string, decision: string, details: { reason?: string; [key: string]: unknown } = {}): void {
  const msg = `agent ${agentId}: ${decision}${details.reason ? ` (${details.reason})` : ''}`;
  logger.log({ agentId, decision, ...details, msg });
}
