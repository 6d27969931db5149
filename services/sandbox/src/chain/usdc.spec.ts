import { ChainClients, readErc20Balance, USDC } from '@platform/chain';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme as ExactEvmClient } from '@x402/evm/exact/client';
import { ExactEvmScheme as ExactEvmFacilitator } from '@x402/evm/exact/facilitator';
import { randomBytes } from 'node:crypto';
import { createWalletClient, http, publicActions, toHex, type Address, type VerifyTypedDataParameters } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { baseSepolia } from 'viem/chains';
import { startSandbox, type RunningSandbox } from '../sandbox.js';
import { callHook } from '../testing/call-hook.js';
import { SandboxUsdc } from './contracts.generated.js';
import type { SmartWalletView } from './chain-nodes.service.js';

const usdc = USDC[baseSepolia.id];

const TRANSFER_WITH_AUTHORIZATION = [
  { name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' },
  { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' },
] as const;

describe('sandbox USDC on base-sepolia', () => {
  let sandbox: RunningSandbox;
  let chains: ChainClients;
  let facilitator: ExactEvmFacilitator;

  beforeAll(async () => {
    sandbox = await startSandbox();
    chains = new ChainClients({ [baseSepolia.id]: sandbox.chain.rpcUrls[baseSepolia.id] });
    const client = treasuryClient();
    // x402 types verifyTypedData's argument loosely (a Record for the domain), which viem's narrower parameters refuse.
    facilitator = new ExactEvmFacilitator(toFacilitatorEvmSigner({
      ...client, address: client.account.address, verifyTypedData: (args) => client.verifyTypedData(args as VerifyTypedDataParameters),
    }));
  });

  afterAll(() => sandbox.close());

  const treasuryClient = () => createWalletClient({
    account: privateKeyToAccount(sandbox.chain.treasury.privateKey), chain: baseSepolia, transport: http(sandbox.chain.rpcUrls[baseSepolia.id]),
  }).extend(publicActions);

  const fund = async (to: Address, amount: string) => {
    const response = await callHook(sandbox.url, '/chain/fund', 'POST', { chainId: baseSepolia.id, token: usdc.address, to, amount });
    expect(response.status).toBe(200);
  };

  const requirements = (payTo: Address, amount: string): PaymentRequirements => ({
    scheme: 'exact', network: `eip155:${baseSepolia.id}`, asset: usdc.address, amount, payTo, maxTimeoutSeconds: 60,
    extra: { name: usdc.name, version: usdc.eip712Version },
  });

  const pay = async (payer: PrivateKeyAccount, accepted: PaymentRequirements): Promise<PaymentPayload> => ({
    ...(await new ExactEvmClient(payer).createPaymentPayload(2, accepted)), accepted,
  });

  /** `signer` authorizes moving `value` from `from` to a fresh address: the bytes-signature call that does it. */
  const authorize = async (signer: PrivateKeyAccount, from: Address, value: bigint) => {
    const message = {
      from, to: privateKeyToAccount(generatePrivateKey()).address, value, validAfter: 0n,
      validBefore: BigInt(Math.floor(Date.now() / 1000) + 600), nonce: toHex(randomBytes(32)),
    };
    const signature = await signer.signTypedData({
      domain: { name: usdc.name, version: usdc.eip712Version, chainId: baseSepolia.id, verifyingContract: usdc.address },
      types: { TransferWithAuthorization: TRANSFER_WITH_AUTHORIZATION },
      primaryType: 'TransferWithAuthorization',
      message,
    });
    const { to, validAfter, validBefore, nonce } = message;
    return {
      address: usdc.address, abi: SandboxUsdc.abi, functionName: 'transferWithAuthorization',
      args: [from, to, value, validAfter, validBefore, nonce, signature],
    } as const;
  };

  const balance = (owner: Address) => readErc20Balance(chains.client(baseSepolia.id), usdc.address, owner);

  it('places USDC at its address with its name, symbol, decimals and EIP-712 version', async () => {
    const read = (functionName: 'name' | 'symbol' | 'decimals' | 'version') =>
      chains.client(baseSepolia.id).readContract({ address: usdc.address, abi: SandboxUsdc.abi, functionName });
    expect([await read('name'), await read('symbol'), await read('decimals'), await read('version')]).toEqual(['USDC', 'USDC', 6, '2']);
  });

  it('mints USDC on POST /chain/fund', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    await fund(to, '3.25');
    expect(await balance(to)).toBe(3_250_000n);
  });

  it('settles an x402 exact payment with transferWithAuthorization and marks its nonce used', async () => {
    const payer = privateKeyToAccount(generatePrivateKey());
    const payTo = privateKeyToAccount(generatePrivateKey()).address;
    await fund(payer.address, '10');
    const payment = await pay(payer, requirements(payTo, '1500000'));
    expect(await facilitator.verify(payment, payment.accepted)).toMatchObject({ isValid: true, payer: payer.address });
    expect(await facilitator.settle(payment, payment.accepted)).toMatchObject({ success: true, payer: payer.address });
    expect([await balance(payer.address), await balance(payTo)]).toEqual([8_500_000n, 1_500_000n]);
    const nonce = (payment.payload as { authorization: { nonce: `0x${string}` } }).authorization.nonce;
    expect(await chains.client(baseSepolia.id).readContract({
      address: usdc.address, abi: SandboxUsdc.abi, functionName: 'authorizationState', args: [payer.address, nonce],
    })).toBe(true);
  });

  it('refuses to settle the same authorization twice', async () => {
    const payer = privateKeyToAccount(generatePrivateKey());
    await fund(payer.address, '5');
    const payment = await pay(payer, requirements(privateKeyToAccount(generatePrivateKey()).address, '1000000'));
    await facilitator.settle(payment, payment.accepted);
    expect(await facilitator.verify(payment, payment.accepted)).toMatchObject({ isValid: false, invalidReason: 'invalid_exact_evm_nonce_already_used' });
    expect(await balance(payer.address)).toBe(4_000_000n);
  });

  it('refuses an authorization signed by someone other than the payer', async () => {
    const payer = privateKeyToAccount(generatePrivateKey());
    await fund(payer.address, '5');
    const call = await authorize(privateKeyToAccount(generatePrivateKey()), payer.address, 1_000_000n);
    await expect(treasuryClient().simulateContract(call)).rejects.toThrow('FiatTokenV2: invalid signature');
    expect(await balance(payer.address)).toBe(5_000_000n);
  });

  it('accepts an ERC-1271 signature for a smart wallet that holds the USDC', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const response = await callHook(sandbox.url, '/chain/smart-wallets', 'POST', { chainId: baseSepolia.id, owner: owner.address });
    const wallet = (await response.json()) as SmartWalletView;
    await fund(wallet.address, '2');
    const call = await authorize(owner, wallet.address, 2_000_000n);
    const hash = await treasuryClient().writeContract(call);
    expect((await chains.client(baseSepolia.id).waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success');
    expect(await balance(call.args[1])).toBe(2_000_000n);
  });
});
