/**
 * HTTP paths of an agent runtime (services/agent-runtime), relative to its runtimeUrl. The probes
 * answer anyone; the rest want the agent's gateway token as `Authorization: Bearer`.
 */
export const RUNTIME_PATHS = {
  healthz: '/healthz',
  readyz: '/readyz',
  health: '/health',
  messages: '/messages',
  stats: '/stats',
  memoryReset: '/memory/reset',
  /** Where the bus delivers agent messages (AgentMessageDto), deduplicated by messageId. */
  busMessages: '/bus/messages',
  /** Where the agent is told to send a message through the bus (SendAsAgentDto); it keeps it in its history. */
  busSend: '/bus/send',
} as const;

/** Header on every runtime response naming its agent: how the platform tells its own process from a stranger on a reused port. */
export const RUNTIME_AGENT_HEADER = 'x-agent-id';
