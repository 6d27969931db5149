/** Texts of the royalty-split routes and of a failed split's reason, worded once so tests and the worker agree. */
export const SPLIT_MESSAGES = {
  fromAddressRequired: 'fromAddress is required',
  fromAddressInvalid: 'fromAddress must be a 0x-prefixed 20-byte hex address',
  nameRequired: 'name is required (a string of at most 255 characters)',
  totalAmountRequired: 'totalAmount is required',
  totalAmountInvalid: 'totalAmount must be a USDC amount above 0 written as a string with at most 6 decimals, e.g. "12.5"',
  recipientsRequired: 'recipients must be a non-empty array of { address, share }',
  tooManyRecipients: 'A split has at most 50 recipients',
  recipientAddressInvalid: 'Each recipient address must be a 0x-prefixed 20-byte hex address',
  shareInvalid: 'Each share must be a number above 0 with at most 2 decimals',
  sharesSum: 'Shares must add up to exactly 100',
  recipientsNotDistinct: 'Recipients must be distinct addresses',
  recipientIsSender: 'A recipient cannot be the paying wallet',
  amountTooSmall: 'totalAmount is too small: every recipient must receive at least 0.000001 USDC',
  notAgentWallet: "fromAddress is not this agent's wallet held for this user",
  splitIdInvalid: 'id must be a split id (a whole number from 1)',
  splitNotFound: 'Split not found',
  noGas: 'The paying wallet has too little gas for its transfers and no treasury is configured to send it',
  notSent: 'Not sent: the split failed before this transfer',
} as const;

export const SPLIT_MAX_RECIPIENTS = 50;

/** A failed split's reason when the wallet holds less USDC than the split pays out. */
export function insufficientBalanceReason(availableUsdc: string, neededUsdc: string): string {
  return `Insufficient balance: the wallet has ${availableUsdc} USDC available, the split needs ${neededUsdc} USDC`;
}

/** A failed split's reason when one of its transfers failed (reverted, or its nonce taken). */
export function transferFailedReason(address: string, error: string | null): string {
  return `Transfer to ${address} failed: ${error ?? 'unknown error'}`;
}

/** A failed payout's reason when the treasury's gas transfer to the paying wallet failed. */
export function gasFailedReason(error: string | null): string {
  return `Gas for the paying wallet could not be sent: ${error ?? 'unknown error'}`;
}
