import { jest } from '@jest/globals';
import { erc20Abi, type Address, type PublicClient } from 'viem';
import type { ChainClients } from './chain-clients.js';
import { GATE_TOKEN_CHAIN_ID } from './gate-token.js';
import { GateTokenReader } from './gate-token-reader.js';

const TOKEN: Address = '0x6a7e000000000000000000000000000000000001';
const OWNER: Address = '0x1111111111111111111111111111111111111111';
const NODE_DOWN = new Error('HTTP request failed');

interface ContractRead {
  address: Address;
  functionName: string;
  args?: readonly unknown[];
}

describe('GateTokenReader', () => {
  let readContract: jest.Mock<(read: ContractRead) => Promise<unknown>>;
  let client: jest.Mock<(chainId: number) => PublicClient>;
  let sut: GateTokenReader;

  const calls = (functionName: string) => readContract.mock.calls.filter(([read]) => read.functionName === functionName).length;

  beforeEach(() => {
    readContract = jest.fn(async (read: ContractRead) => (read.functionName === 'decimals' ? 6 : 1_250_000_000_000n));
    client = jest.fn(() => ({ readContract }) as unknown as PublicClient);
    sut = new GateTokenReader({ client } as unknown as ChainClients, TOKEN);
  });

  it("answers the owner's raw balance and the token's decimals, read on base", async () => {
    expect(await sut.holding(OWNER)).toEqual({ balance: 1_250_000_000_000n, decimals: 6 });

    expect(client).toHaveBeenCalledWith(GATE_TOKEN_CHAIN_ID);
    expect(readContract).toHaveBeenCalledWith({ address: TOKEN, abi: erc20Abi, functionName: 'balanceOf', args: [OWNER] });
    expect(readContract).toHaveBeenCalledWith({ address: TOKEN, abi: erc20Abi, functionName: 'decimals' });
  });

  it('reads the decimals once, the balance every time', async () => {
    await sut.holding(OWNER);
    await sut.holding(OWNER);

    expect(calls('decimals')).toBe(1);
    expect(calls('balanceOf')).toBe(2);
  });

  it('throws what the node threw, and reads the decimals again after a failed read', async () => {
    readContract.mockRejectedValueOnce(NODE_DOWN);

    await expect(sut.holding(OWNER)).rejects.toBe(NODE_DOWN);
    expect(await sut.holding(OWNER)).toEqual({ balance: 1_250_000_000_000n, decimals: 6 });

    expect(calls('decimals')).toBe(2);
  });
});
