import { ApiError, WALLET_MESSAGES as M } from '@platform/contracts';
import type { PaymentRequirements } from '@x402/core/types';
import { base, baseSepolia } from 'viem/chains';

/** Where the agentic wallet pays: base and base-sepolia, as CAIP-2 ids. */
export const PAYABLE_NETWORKS: readonly string[] = [`eip155:${baseSepolia.id}`, `eip155:${base.id}`];

const WHOLE_NUMBER = /^\d{1,78}$/;

/**
 * The requirement of a challenge the agentic wallet pays: `exact` on base or base-sepolia, the
 * cheapest if several, refused when even that costs more than `maxAmount` (smallest units).
 */
export function payableRequirement(accepts: unknown, maxAmount: bigint): PaymentRequirements {
  const candidates = (Array.isArray(accepts) ? accepts as PaymentRequirements[] : [])
    .filter((requirement) => requirement?.scheme === 'exact' && PAYABLE_NETWORKS.includes(requirement.network)
      && typeof requirement.amount === 'string' && WHOLE_NUMBER.test(requirement.amount))
    .sort((a, b) => (BigInt(a.amount) < BigInt(b.amount) ? -1 : BigInt(a.amount) > BigInt(b.amount) ? 1 : 0));
  const cheapest = candidates[0];
  if (!cheapest) throw new ApiError(400, M.x402NoRequirement);
  if (BigInt(cheapest.amount) > maxAmount) throw new ApiError(400, M.x402TooExpensive);
  return cheapest;
}
