import {
  ChainClients, readErc20Balance, SANDBOX_GATE_TOKEN, STABLECOINS, stablecoinTestnet, usdcOn, verifyWalletSignature,
} from '@platform/chain';
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits, serializeErc6492Signature, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { baseSepolia } from 'viem/chains';
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

  it('mints for concurrent fund calls, each once', async () => {
    const token = STABLECOINS[0]!.address;
    const recipients = Array.from({ length: 8 }, () => privateKeyToAccount(generatePrivateKey()).address);

    const responses = await Promise.all(recipients.map((to) => callHook(sandbox.url, '/chain/fund', 'POST', { chainId: TESTNET, token, to, amount: '1' })));

    expect(responses.map((response) => response.status)).toEqual(recipients.map(() => 200));
    expect(await Promise.all(recipients.map((to) => readErc20Balance(chains.client(TESTNET), token, to)))).toEqual(recipients.map(() => 1_000_000n));
  });

  it('mints the gate token with 18 decimals on base-sepolia', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const response = await callHook(sandbox.url, '/chain/fund', 'POST', { chainId: BASE_SEPOLIA, token: SANDBOX_GATE_TOKEN.address, to, amount: '2' });
    expect(response.status).toBe(200);
    expect(await readErc20Balance(chains.client(BASE_SEPOLIA), SANDBOX_GATE_TOKEN.address, to)).toBe(2n * 10n ** 18n);
  });

  it('reads the 11 stablecoin balances of an address in one eth_call through Multicall3', async () => {
    const holder = privateKeyToAccount(generatePrivateKey()).address;
    const amounts = STABLECOINS.map((_, i) => `${i + 1}.5`);
    for (const [i, { address }] of STABLECOINS.entries()) {
      expect((await callHook(sandbox.url, '/chain/fund', 'POST', { chainId: TESTNET, token: address, to: holder, amount: amounts[i] })).status).toBe(200);
    }
    const methods: string[] = [];
    const client = createPublicClient({
      chain: stablecoinTestnet,
      transport: http(sandbox.chain.rpcUrls[TESTNET], { onFetchRequest: (_, init) => { methods.push((JSON.parse(String(init.body)) as { method: string }).method); } }),
    });
    const balances = await client.multicall({
      allowFailure: false,
      contracts: STABLECOINS.map(({ address }) => ({ address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] }) as const),
    });
    expect(methods).toEqual(['eth_call']);
    expect(balances).toEqual(amounts.map((amount) => parseUnits(amount, 6)));
  });

  it('sends native gas on POST /chain/fund without a token, adding to the balance', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    await callHook(sandbox.url, '/chain/fund', 'POST', { chainId: BASE_SEPOLIA, to, amount: '0.5' });
    const response = await callHook(sandbox.url, '/chain/fund', 'POST', { chainId: BASE_SEPOLIA, to, amount: '0.25' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), balance: parseEther('0.75').toString() });
    expect(await chains.client(BASE_SEPOLIA).getBalance({ address: to })).toBe(parseEther('0.75'));
  });

  it('answers 400 for native gas beyond what the sandbox can send', async () => {
    const response = await callHook(sandbox.url, '/chain/fund', 'POST', { chainId: TESTNET, to: STABLECOINS[1]!.address, amount: '1000000000' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: `amount exceeds what the sandbox can send on chain ${TESTNET}` });
  });

  it('answers 400 for a native fund call without a valid recipient', async () => {
    const response = await callHook(sandbox.url, '/chain/fund', 'POST', { chainId: TESTNET, to: '0x1234', amount: '1' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'to must be a 0x-prefixed 20-byte address' });
  });

  it('gives tests the treasury as an account whose key is its address', () => {
    expect(privateKeyToAccount(sandbox.chain.treasury.privateKey).address).toBe(sandbox.chain.treasury.address);
  });

  it('shows the treasury with native gas on both chains and 1,000,000 USDC on base-sepolia on GET /chain/treasury', async () => {
    const response = await callHook(sandbox.url, '/chain/treasury', 'GET');
    expect(response.status).toBe(200);
    const treasury = (await response.json()) as { address: Address; privateKey: Hex; chains: Record<string, { native: string; tokens: Record<string, string> }> };
    expect(treasury).toMatchObject(sandbox.chain.treasury);
    expect(BigInt(treasury.chains[TESTNET]!.native)).toBeGreaterThan(parseEther('1000'));
    expect(BigInt(treasury.chains[BASE_SEPOLIA]!.native)).toBeGreaterThan(parseEther('1000'));
    expect(treasury.chains[BASE_SEPOLIA]!.tokens).toEqual({ GATE: '0', USDC: '1000000000000' });
    expect(Object.keys(treasury.chains[TESTNET]!.tokens)).toEqual(STABLECOINS.map(({ symbol }) => symbol));
  });

  it('lets the treasury key pay USDC from the treasury', async () => {
    const usdc = usdcOn(BASE_SEPOLIA)!;
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const treasury = createWalletClient({ account: privateKeyToAccount(sandbox.chain.treasury.privateKey), chain: baseSepolia, transport: http(sandbox.chain.rpcUrls[BASE_SEPOLIA]) });
    const hash = await treasury.writeContract({ address: usdc.address, abi: erc20Abi, functionName: 'transfer', args: [to, 7_000_000n] });
    expect((await chains.client(BASE_SEPOLIA).waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success');
    expect(await readErc20Balance(chains.client(BASE_SEPOLIA), usdc.address, to)).toBe(7_000_000n);
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
