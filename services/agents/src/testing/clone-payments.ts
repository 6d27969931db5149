import { STABLECOINS, stablecoinTestnet } from '@platform/chain';
import { CLONE_CURRENCY, type PaymentProofDto } from '@platform/contracts';
import { sandboxHook, type TestPlatform } from '@platform/testing';
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

const PATH_USD = STABLECOINS.find((coin) => coin.symbol === CLONE_CURRENCY)!;

/**
 * A real pathUSD payment on the sandbox's stablecoin testnet: a new account is funded through the
 * sandbox's hook (gas and pathUSD), then transfers `amount` to `to` (the clone payee unless told).
 * Returns the proof POST /api/agents/clone takes, naming the payee as `to` whoever was paid.
 */
export async function payForClone(platform: TestPlatform, amount = '1.0', to?: Address): Promise<PaymentProofDto> {
  const payee = platform.sandbox.chain.treasury.address;
  const account = privateKeyToAccount(generatePrivateKey());
  const chainId = stablecoinTestnet.id;
  await sandboxHook(platform.sandbox.url, 'POST', '/chain/fund', { chainId, to: account.address, amount: '1' });
  await sandboxHook(platform.sandbox.url, 'POST', '/chain/fund', { chainId, token: PATH_USD.address, to: account.address, amount });
  const transport = http(platform.sandbox.chain.rpcUrls[chainId]);
  const hash = await createWalletClient({ account, chain: stablecoinTestnet, transport })
    .writeContract({ address: PATH_USD.address, abi: erc20Abi, functionName: 'transfer', args: [to ?? payee, parseUnits(amount, PATH_USD.decimals)] });
  await createPublicClient({ chain: stablecoinTestnet, transport }).waitForTransactionReceipt({ hash });
  return { transactionHash: hash, amount, currency: CLONE_CURRENCY, chainId, from: account.address, to: payee, timestamp: Math.floor(Date.now() / 1000) };
}
