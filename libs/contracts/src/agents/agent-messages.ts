/** Kept here, beside its error text, so the web app reads it without the class-validator rules. */
export const AGENT_NAME_MAX = 64;

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
  verificationNotFound: 'This agent has not been verified',
  walletUnavailable: 'The wallet service did not answer: try again',
  noRunningAgent: 'No running agent for this user',
  cloneNotConfigured: 'Cloning is not configured',
  parentAgentIdRequired: 'parentAgentId is required',
  invalidSpecialization: 'specialization must be one of general, ar, promo, booking, support, analytics',
  generationInvalid: 'generation must be an integer of at least 1',
  paymentProofRequired: 'paymentProof is required',
  transactionHashInvalid: 'paymentProof.transactionHash must be a 0x-prefixed 32-byte hex hash',
  amountInvalid: 'paymentProof.amount must be a string of at least 1.0',
  currencyInvalid: 'paymentProof.currency must be pathUSD',
  chainIdInvalid: 'paymentProof.chainId must be a number',
  fromInvalid: 'paymentProof.from must be a 0x-prefixed 20-byte hex address',
  toInvalid: 'paymentProof.to must be the clone payee address',
  timestampInvalid: 'paymentProof.timestamp must be a Unix time in seconds',
  paymentNotFound: 'Payment transaction not found on chain',
  paymentReverted: 'Payment transaction failed on chain',
  paymentTooSmall: 'The transaction does not transfer at least 1.0 pathUSD from paymentProof.from to the clone payee',
  paymentUsed: 'This payment has already paid for a clone',
  chainUnavailable: 'Could not read the payment from the chain',
} as const;

/** paymentProof.chainId names another network than the one the platform is paid on. */
export const wrongChain = (expected: number): string => `paymentProof.chainId must be ${expected}`;

/** `<status> -> <action>` refused by the state machine (docs/agents.md): 409 with this text. */
export const illegalTransition = (action: string, status: string): string => `Cannot ${action} an agent that is ${status}`;
