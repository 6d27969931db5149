/** What a verification proved: `runtime` alone, or `runtime+wallet` when the agent's wallet signed the challenge too. */
export type VerificationType = 'runtime' | 'runtime+wallet';

/** The wallet's part of a verification: its signature over the challenge, checked against its address. */
export interface WalletProof {
  address: string;
  signature: string;
  valid: boolean;
}

/** POST/GET /api/agents/:id/verify and GET /api/agents/:id/verification (docs/spec-decisions.md). */
export interface VerificationView {
  agentId: string;
  verified: boolean;
  verificationType: VerificationType | null;
  challenge: string;
  checks: {
    /** The runtime answered its /health with status ok. */
    live: boolean;
    /** It answered as this agent (RUNTIME_AGENT_HEADER), not a stranger on a reused port. */
    agentIdMatches: boolean;
    /** The version it reports, and whether it is the one the platform deployed. */
    runtimeVersion: string | null;
    versionMatches: boolean;
    /** null when the agent has no wallet. */
    wallet: WalletProof | null;
  };
  /** Why a verification failed, one line per failed check; empty when verified. */
  failures: string[];
  checkedAt: string;
  verifiedAt: string | null;
}

/** DELETE /api/agents/:id/verify: the agent's verification forgotten. */
export interface VerificationCleared {
  agentId: string;
  cleared: true;
}
