import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem';

/**
 * Gas limits, fixed rather than estimated: an estimate fails when the balance is short, and the
 * transaction must be signable before it is sent. An ERC-20 transfer to a new holder costs about
 * 52,000 on the sandbox's token and 65,000 on circulating USDC.
 */
const TOKEN_TRANSFER_GAS = 100_000n;
const NATIVE_TRANSFER_GAS = 21_000n;

export interface TransferCall {
  to: Address;
  value: bigint;
  data?: Hex;
  gas: bigint;
}

/** The call that moves `amount` of `token` (or of the native currency when null) to `to`. */
export function transferCall(token: Address | null, to: Address, amount: bigint): TransferCall {
  if (!token) return { to, value: amount, gas: NATIVE_TRANSFER_GAS };
  return { to: token, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }), gas: TOKEN_TRANSFER_GAS };
}

/** What the most expensive transfer may cost in gas at `maxFeePerGas`: what a sender must hold to pay for `count` of them. */
export function gasBudget(count: number, maxFeePerGas: bigint): bigint {
  return BigInt(count) * TOKEN_TRANSFER_GAS * maxFeePerGas;
}
