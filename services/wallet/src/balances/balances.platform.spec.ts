import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STABLECOINS } from '@platform/chain';
import { WALLET_MESSAGES as M } from '@platform/contracts';
import { RpcForwarder, sandboxHook, TestPlatform } from '@platform/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { baseSepolia } from 'viem/chains';

const TESTNET = 42431;
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;
/** How a funded token is listed: its metadata from STABLECOINS and its balance. */
const listed = (symbol: string, balance: string) => {
  const { address, name } = STABLECOINS.find((token) => token.symbol === symbol)!;
  return { address, name, symbol, balance };
};

describe('balances from the chain: GET /api/wallet?address=, and a session wallet\'s USDC (extended-services 4.1)', () => {
  let platform: TestPlatform;
  let node: RpcForwarder;
  let baseNode: RpcForwarder;

  const balances = (address: string) => platform.web().get(`/api/wallet?address=${address}`);
  const fund = (to: string, symbol: string, amount: string) => sandboxHook(platform.sandbox.url, 'POST', '/chain/fund', {
    chainId: TESTNET, token: STABLECOINS.find((token) => token.symbol === symbol)!.address, to, amount,
  });

  beforeAll(async () => {
    platform = await TestPlatform.start();
    node = await RpcForwarder.start(platform.sandbox.chain.rpcUrls[TESTNET]);
    baseNode = await RpcForwarder.start(platform.sandbox.chain.rpcUrls[baseSepolia.id]);
    await platform.startService('wallet', { NETWORK_RPC_URL: node.url, BASE_RPC_URL: baseNode.url, WALLET_BALANCE_CACHE_MS: '60000' });
  });

  afterAll(async () => {
    await platform?.close();
    await node?.close();
    await baseNode?.close();
  });

  it('reads the funded stablecoins from the chain: total, primary in the spec\'s order, funded tokens only', async () => {
    const address = freshAddress();
    await fund(address, 'frxUSD', '2');
    await fund(address, 'thetaUSD', '12.5');
    await fund(address, 'GUSD', '0.004999');

    const response = await balances(address);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      address,
      chain: 'Stablecoin Network Testnet',
      chainId: TESTNET,
      testnet: true,
      totalUsd: '14.50',
      primaryToken: { ...listed('thetaUSD', '12.5'), decimals: 6 },
      allTokens: [listed('thetaUSD', '12.5'), listed('frxUSD', '2'), listed('GUSD', '0.004999')],
    });
  });

  it('an address holding nothing: 0.00, the first token\'s metadata, no tokens', async () => {
    const response = await balances(freshAddress());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      totalUsd: '0.00',
      primaryToken: { address: STABLECOINS[0]!.address, name: 'pathUSD', symbol: 'pathUSD', decimals: 6, balance: '0' },
      allTokens: [],
    });
  });

  it('reads all 11 balances in one eth_call, and serves the next reads of that address from the cache', async () => {
    const address = freshAddress();
    const before = node.count('eth_call');
    expect((await balances(address)).status).toBe(200);
    expect(node.count('eth_call') - before).toBe(1);

    await fund(address, 'pathUSD', '1');
    const again = await balances(address.toLowerCase());
    expect(again.body.totalUsd).toBe('0.00');
    expect(node.count('eth_call') - before).toBe(1);
  });

  it('concurrent reads of one address share one eth_call', async () => {
    const address = freshAddress();
    const before = node.count('eth_call');
    const responses = await Promise.all(Array.from({ length: 8 }, () => balances(address)));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(node.count('eth_call') - before).toBe(1);
  });

  it.each([
    ['missing', '', M.addressRequired],
    ['too short', '0x1234', M.invalidAddress],
    ['without 0x', '1111111111111111111111111111111111111111', M.invalidAddress],
    ['not hex', '0x111111111111111111111111111111111111111g', M.invalidAddress],
    ['too long', '0x11111111111111111111111111111111111111111', M.invalidAddress],
  ])('an address %s: 400', async (_case, address, error) => {
    const response = await balances(address);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it('the node down: 500 with a clear message and nothing of the node\'s; back up: balances again, the failure not cached', async () => {
    const address = freshAddress();
    await fund(address, 'cUSD', '3');
    node.goDown();
    try {
      const down = await balances(address);
      expect(down.status).toBe(500);
      expect(down.body).toEqual({ error: M.balancesFailed });
    } finally {
      node.restore();
    }
    const back = await balances(address);
    expect(back.status).toBe(200);
    expect(back.body.totalUsd).toBe('3.00');
  });

  it('a session wallet\'s USDC while base-sepolia\'s node is down: 500 with the same clear message, then the balance again', async () => {
    const user = await platform.newUser();
    expect((await user.client.post('/api/wallet', { action: 'create' })).status).toBe(200);
    baseNode.goDown();
    try {
      const down = await user.client.get('/api/wallet');
      expect(down.status).toBe(500);
      expect(down.body).toEqual({ error: M.balancesFailed });
    } finally {
      baseNode.restore();
    }
    const back = await user.client.get('/api/wallet');
    expect([back.status, back.body.balance]).toEqual([200, '0']);
  });
});
