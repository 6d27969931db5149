/** Error and status texts of the agents routes, worded once so handlers and tests agree. */
export const AGENT_MESSAGES = {
  agentNotFound: 'Agent not found',
  nameRequired: 'name is required',
  nameTooLong: 'name must be at most 64 characters',
  invalidModel: 'model must be one of claude-opus-4-6, gpt-4, custom',
  invalidTier: 'tier must be one of starter, pro, enterprise',
  invalidPlan: 'plan must be one of solo, collective, label, network',
  configObject: 'config must be an object',
  userIdRequired: 'userId required',
  agentIdRequired: 'agentId required',
  invalidFrequency: 'frequency must be a positive integer followed by m, h or d',
  enabledBoolean: 'enabled must be a boolean',
  invalidMode: 'mode must be one of home, link, cloud',
  messageRequired: 'message is required',
  subscriptionRequired: 'Active subscription required',
  /** Status reason of an agent billing suspended. */
  subscriptionCanceled: 'Subscription canceled',
  tierNotInPlan: 'Your plan does not include this tier',
  webLimitReached: 'Agent limit reached for your plan',
  backendLimitReached: 'Agent limit reached for this plan',
  provisioningDisabled: 'Provisioning is disabled',
  runtimeUnavailable: 'Agent runtime unavailable',
  agentUpdated: 'Agent updated',
  installationRegistered: 'Installation registered',
} as const;

/** `<status> -> <action>` refused by the state machine (docs/agents.md): 409 with this text. */
export const illegalTransition = (action: string, status: string): string => `Cannot ${action} an agent that is ${status}`;
