import { erc20Abi, type Address, type PublicClient } from 'viem';

/** The raw balance (smallest units) of `owner` in the ERC-20 at `token`. */
export function readErc20Balance(client: PublicClient, token: Address, owner: Address): Promise<bigint> {
  return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}
