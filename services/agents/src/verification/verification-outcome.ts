import type { VerificationType, VerificationView } from '@platform/contracts';

type Checks = VerificationView['checks'];

export interface VerificationOutcome {
  verified: boolean;
  verificationType: VerificationType | null;
  failures: string[];
}

/**
 * Verified when every check holds: the runtime is live, answers as this agent, runs the version the
 * platform deployed, and (when the agent has a wallet) the wallet signed this challenge.
 */
export function verificationOutcome(checks: Checks, expectedVersion: string): VerificationOutcome {
  const failures = [
    ...(checks.live ? [] : ['The runtime did not answer its health check']),
    ...(checks.live && !checks.agentIdMatches ? ['The runtime answered as another agent'] : []),
    ...(checks.live && !checks.versionMatches ? [`The runtime reports version ${checks.runtimeVersion ?? 'none'}, not ${expectedVersion}`] : []),
    ...(checks.wallet && !checks.wallet.valid ? [`The signature does not recover to the agent's wallet ${checks.wallet.address}`] : []),
  ];
  const verified = failures.length === 0;
  return { verified, verificationType: verified ? (checks.wallet ? 'runtime+wallet' : 'runtime') : null, failures };
}
