import type { Address, Hex, PublicClient } from 'viem';

/**
 * Whether `address` signed `message` (EIP-191): an EOA by recovery, a deployed smart wallet by
 * ERC-1271, an undeployed one by ERC-6492 (viem's deployless validator in an eth_call, so nothing
 * needs deploying on the chain). A node that cannot be reached throws; a bad signature is false.
 */
export function verifyWalletSignature(client: PublicClient, input: { address: Address; message: string; signature: Hex }): Promise<boolean> {
  return client.verifyMessage(input);
}
