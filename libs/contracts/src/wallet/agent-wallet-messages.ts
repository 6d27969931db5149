/** Texts of the underground agent-wallet routes (extended-services 4.2), worded once so tests and handlers agree. */
export const AGENT_WALLET_MESSAGES = {
  userIdRequired: 'userId is required',
  userIdInvalid: 'userId must be a user id (UUID)',
  agentIdRequired: 'agentId is required',
  agentIdInvalid: 'agentId must be a string of at most 64 characters',
  addressInvalid: 'address must be a 0x-prefixed 20-byte hex address',
  walletNotFound: 'Wallet not found',
  agentOwnedByAnotherUser: 'This agent already has a wallet held for another user',
  balanceUnavailable: 'Could not read the balance from the chain',
} as const;

/** agent_id's column width in wallet.wallets. */
export const AGENT_ID_MAX_LENGTH = 64;
