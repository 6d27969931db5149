import { randomUUID } from 'node:crypto';
import { readErc20Balance, USDC } from '@platform/chain';
import type { SplitView } from '@platform/contracts';
import { createPublicClient, http, type Address, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { baseSepolia } from 'viem/chains';
import { BEARER } from './agent-fixtures.js';
import type { TestPlatform } from './platform.js';
import { sandboxHook } from './sandbox-hook.js';
import { waitUntil } from './wait-for.js';

export const USDC_ADDRESS = USDC[baseSepolia.id].address as Address;

export interface AgentWallet {
  userId: string;
  agentId: string;
  address: Address;
}

export const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

/** A user's new agent wallet, made through POST /api/underground/wallets: of a made-up agent unless one is named. */
export async function newAgentWallet(platform: TestPlatform, userId: string = randomUUID(), agentId = `agent-${randomUUID()}`): Promise<AgentWallet> {
  const response = await platform.backend().post('/api/underground/wallets', { userId, agentId }, BEARER);
  if (response.status !== 201) throw new Error(`agent wallet: ${response.status} ${JSON.stringify(response.body)}`);
  return { userId, agentId, address: response.body.address };
}

/** Mints `amount` USDC (a decimal string) to `to` on the sandbox's base-sepolia. */
export function fundUsdc(platform: TestPlatform, to: Address, amount: string): Promise<unknown> {
  return sandboxHook(platform.sandbox.url, 'POST', '/chain/fund', { chainId: baseSepolia.id, token: USDC_ADDRESS, to, amount });
}

/** Sends `amount` native gas (ether units) to `to` on the sandbox's base-sepolia. */
export function fundGas(platform: TestPlatform, to: Address, amount: string): Promise<unknown> {
  return sandboxHook(platform.sandbox.url, 'POST', '/chain/fund', { chainId: baseSepolia.id, to, amount });
}

/** base-sepolia as the test reads it, straight from the sandbox's node. */
export function baseChain(platform: TestPlatform): PublicClient {
  return createPublicClient({ chain: baseSepolia, transport: http(platform.sandbox.chain.rpcUrls[baseSepolia.id]) }) as PublicClient;
}

export const usdcOf = (chain: PublicClient, owner: Address): Promise<bigint> => readErc20Balance(chain, USDC_ADDRESS, owner);

/** Polls GET /api/underground/splits/:id until the split is completed or failed. */
export function settledSplit(platform: TestPlatform, splitId: number, timeoutMs = 30_000): Promise<SplitView> {
  return waitUntil(
    `split ${splitId} settled`,
    async () => (await platform.backend().get(`/api/underground/splits/${splitId}`, BEARER)).body as SplitView,
    (split) => split.status === 'completed' || split.status === 'failed',
    timeoutMs,
  );
}
