import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChainClients, readErc20Balance, USDC } from '@platform/chain';
import { SUBJECTS, WALLET_MESSAGES as M, type PayX402Reply } from '@platform/contracts';
import { ownerQuery, sandboxHook, TestPlatform } from '@platform/testing';
import { decodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme as ExactEvmFacilitator } from '@x402/evm/exact/facilitator';
import { createWalletClient, http, publicActions, type Address, type VerifyTypedDataParameters } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { baseSepolia } from 'viem/chains';
import { PLATFORM_OWNER } from './agentic-wallet.js';

const usdc = USDC[baseSepolia.id];

const requirement = (payTo: Address, amount: string, overrides: Partial<PaymentRequirements> = {}): PaymentRequirements => ({
  scheme: 'exact', network: `eip155:${baseSepolia.id}`, asset: usdc.address, amount, payTo, maxTimeoutSeconds: 60,
  extra: { name: usdc.name, version: usdc.eip712Version }, ...overrides,
});

const challenge = (accepts: PaymentRequirements[], x402Version = 2): PaymentRequired => ({
  x402Version, resource: { url: 'https://feeds.example/prices', description: 'a paid feed' }, accepts,
});

describe('svc.wallet.pay_x402: the agentic wallet pays x402 challenges', () => {
  let platform: TestPlatform;
  let facilitator: ExactEvmFacilitator;
  let balance: (owner: Address) => Promise<bigint>;

  const pay = (paymentRequired: PaymentRequired, maxAmount: string) =>
    platform.query<PayX402Reply>(SUBJECTS.wallet.payX402, { paymentRequired, maxAmount });
  const payee = () => privateKeyToAccount(generatePrivateKey()).address;

  beforeAll(async () => {
    platform = await TestPlatform.start();
    await platform.startService('wallet', { CUSTODIAL_PROJECT_ID: 'proj-x402' });
    const rpcUrl = platform.sandbox.chain.rpcUrls[baseSepolia.id];
    // The sandbox's treasury plays the facilitator: it verifies, and settles on the chain.
    const client = createWalletClient({ account: privateKeyToAccount(platform.sandbox.chain.treasury.privateKey), chain: baseSepolia, transport: http(rpcUrl) })
      .extend(publicActions);
    facilitator = new ExactEvmFacilitator(toFacilitatorEvmSigner({
      ...client, address: client.account.address, verifyTypedData: (args) => client.verifyTypedData(args as VerifyTypedDataParameters),
    }));
    const chains = new ChainClients({ [baseSepolia.id]: rpcUrl });
    balance = (owner) => readErc20Balance(chains.client(baseSepolia.id), usdc.address, owner);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('signs a payment the facilitator verifies and settles: the payee gets exactly the amount', async () => {
    const payTo = payee();
    const accepted = requirement(payTo, '250000');
    const paid = await pay(challenge([accepted]), '1000000');
    await sandboxHook(platform.sandbox.url, 'POST', '/chain/fund', { chainId: baseSepolia.id, token: usdc.address, to: paid.payer, amount: '1' });

    const payload = decodePaymentSignatureHeader(paid.headers['PAYMENT-SIGNATURE']!);
    expect(paid).toMatchObject({ network: accepted.network, asset: usdc.address, amount: '250000', payTo });
    expect(payload.accepted).toEqual(accepted);
    expect(await facilitator.verify(payload, accepted)).toMatchObject({ isValid: true, payer: paid.payer });
    expect(await facilitator.settle(payload, accepted)).toMatchObject({ success: true, payer: paid.payer });
    expect(await balance(payTo)).toBe(250_000n);
  });

  it('pays from one platform wallet, made once and held sealed under the platform', async () => {
    const [first, second] = await Promise.all([
      pay(challenge([requirement(payee(), '1')]), '1'),
      pay(challenge([requirement(payee(), '2')]), '2'),
    ]);
    expect(second.payer).toBe(first.payer);
    const rows = await ownerQuery<{ address: string; kind: string }>(platform.env, 'SELECT address, kind FROM wallet.wallets WHERE user_id = $1', [PLATFORM_OWNER]);
    expect(rows).toEqual([{ address: first.payer, kind: 'custodial' }]);
  });

  it('pays the cheapest exact requirement on base or base-sepolia, skipping other schemes and chains', async () => {
    const cheapest = requirement(payee(), '3000');
    const paid = await pay(challenge([
      requirement(payee(), '1000', { network: 'eip155:1' }),
      requirement(payee(), '1000', { scheme: 'upto' }),
      requirement(payee(), '5000'),
      cheapest,
    ]), '10000');
    expect(decodePaymentSignatureHeader(paid.headers['PAYMENT-SIGNATURE']!).accepted).toEqual(cheapest);
  });

  it('refuses a challenge above the maximum, signing nothing', async () => {
    await expect(pay(challenge([requirement(payee(), '1000001')]), '1000000')).rejects.toThrow(M.x402TooExpensive);
  });

  it('refuses a challenge with nothing it can pay', async () => {
    await expect(pay(challenge([requirement(payee(), '1', { network: 'eip155:137' })]), '1000')).rejects.toThrow(M.x402NoRequirement);
  });

  it('refuses an x402 version 1 challenge', async () => {
    await expect(pay(challenge([requirement(payee(), '1')], 1), '1000')).rejects.toThrow(M.x402UnsupportedVersion);
  });
});
