import { ChainClients, readErc20Balance, SANDBOX_GATE_TOKEN, STABLECOINS, verifyWalletSignature } from '@platform/chain';
import { erc20Abi, serializeErc6492Signature, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startSandbox, type RunningSandbox } from '../sandbox.js';
import { callHook } from '../testing/call-hook.js';
import type { SmartWalletView } from './chain-nodes.service.js';

const TESTNET = 42431;
const BASE_SEPOLIA = 84532;

describe('sandbox chains', () => {
  let sandbox: RunningSandbox;
  let chains: ChainClients;

  beforeAll(async () => {
    sandbox = await startSandbox();
    chains = new ChainClients({ [TESTNET]: sandbox.chain.rpcUrls[TESTNET], [BASE_SEPOLIA]: sandbox.chain.rpcUrls[BASE_SEPOLIA] });
  });

  afterAll(() => sandbox.close());

  const wallet = async (path: string, owner: Address, method = 'POST'): Promise<SmartWalletView> => {
    const response = method === 'GET'
      ? await callHook(sandbox.url, `/chain/smart-wallets?chainId=${TESTNET}&owner=${owner}`, 'GET')
      : await callHook(sandbox.url, path, 'POST', { chainId: TESTNET, owner });
    expect(response.status).toBe(200);
    return (await response.json()) as SmartWalletView;
  };

  it('serves each chain under /chain/:chainId with its own chain id', async () => {
    expect(sandbox.chain.rpcUrls).toEqual({ [TESTNET]: `${sandbox.url}/chain/${TESTNET}`, [BASE_SEPOLIA]: `${sandbox.url}/chain/${BASE_SEPOLIA}` });
    expect(await chains.client(TESTNET).getChainId()).toBe(TESTNET);
    expect(await chains.client(BASE_SEPOLIA).getChainId()).toBe(BASE_SEPOLIA);
  });

  it('places the 11 stablecoins at their addresses with their symbols and 6 decimals', async () => {
    const client = chains.client(TESTNET);
    const read = await Promise.all(STABLECOINS.map(async ({ address }) => ({
      address,
      symbol: await client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
      decimals: await client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
    })));
    expect(read).toEqual(STABLECOINS.map(({ address, symbol }) => ({ address, symbol, decimals: 6 })));
  });

  it('mints a stablecoin to an address on POST /chain/fund', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const token = STABLECOINS[4]!.address;
    const response = await callHook(sandbox.url, '/chain/fund', 'POST', { chainId: TESTNET, token, to, amount: '12.5' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ balance: '12500000' });
    expect(await readErc20Balance(chains.client(TESTNET), token, to)).toBe(12_500_000n);
  });

  it('mints the gate token with 18 decimals on base-sepolia', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const response = await callHook(sandbox.url, '/chain/fund', 'POST', { chainId: BASE_SEPOLIA, token: SANDBOX_GATE_TOKEN.address, to, amount: '2' });
    expect(response.status).toBe(200);
    expect(await readErc20Balance(chains.client(BASE_SEPOLIA), SANDBOX_GATE_TOKEN.address, to)).toBe(2n * 10n ** 18n);
  });

  it('answers 400 for a fund call without a valid amount', async () => {
    const response = await callHook(sandbox.url, '/chain/fund', 'POST', { chainId: TESTNET, token: STABLECOINS[0]!.address, to: STABLECOINS[1]!.address, amount: 'lots' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringContaining('amount') });
  });

  it('verifies an ERC-1271 signature of a deployed smart wallet, and refuses another signer', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const deployed = await wallet('/chain/smart-wallets', owner.address);
    expect(deployed.deployed).toBe(true);
    const client = chains.client(TESTNET);
    const message = 'hello from a smart wallet';
    expect(await verifyWalletSignature(client, { address: deployed.address, message, signature: await owner.signMessage({ message }) })).toBe(true);
    const stranger = privateKeyToAccount(generatePrivateKey());
    expect(await verifyWalletSignature(client, { address: deployed.address, message, signature: await stranger.signMessage({ message }) })).toBe(false);
  });

  it('verifies an ERC-6492 signature of a wallet not deployed yet', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const counterfactual = await wallet('', owner.address, 'GET');
    expect(counterfactual.deployed).toBe(false);
    const message = 'hello before deployment';
    const signature: Hex = serializeErc6492Signature({
      address: counterfactual.factory, data: counterfactual.factoryData, signature: await owner.signMessage({ message }),
    });
    expect(await verifyWalletSignature(chains.client(TESTNET), { address: counterfactual.address, message, signature })).toBe(true);
    expect((await wallet('', owner.address, 'GET')).deployed).toBe(false);
  });
});
