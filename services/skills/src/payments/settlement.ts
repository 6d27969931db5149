import { usdcString } from '../money/usdc.js';

/** A booking's money in USDC units: the artist's guarantee, the backend earned on top, the deposit already paid. */
export interface SettlementTerms {
  guarantee: bigint;
  backend: bigint;
  deposit: bigint;
}

/**
 * booking-settlement's `simulate_settlement` (docs/spec-decisions.md): the artist is owed the
 * guarantee plus the backend; the deposit already paid counts towards it; what remains is due at
 * settlement, and a deposit larger than what is owed goes back to the promoter. Exact units throughout.
 */
export function simulateSettlement(terms: SettlementTerms) {
  const owed = terms.guarantee + terms.backend;
  return {
    guaranteeUsdc: usdcString(terms.guarantee),
    backendUsdc: usdcString(terms.backend),
    depositUsdc: usdcString(terms.deposit),
    artistPayoutUsdc: usdcString(owed),
    balanceDueUsdc: usdcString(owed > terms.deposit ? owed - terms.deposit : 0n),
    refundToPromoterUsdc: usdcString(terms.deposit > owed ? terms.deposit - owed : 0n),
    moved: false,
  };
}
