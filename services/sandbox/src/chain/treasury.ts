import type { Address, Hex } from 'viem';

/**
 * The sandbox's treasury: anvil's development account #0, whose key anvil prints at every start, so
 * it is no secret and is handed to tests. anvil gives it native gas on every chain; the sandbox adds
 * the tokens SANDBOX_CHAINS says it holds.
 */
export const TREASURY: { address: Address; privateKey: Hex } = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
};
