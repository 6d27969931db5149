import { describe, expect, it } from '@jest/globals';
import { verificationOutcome } from './verification-outcome.js';

const WALLET = '0x1111111111111111111111111111111111111111';
const passing = { live: true, agentIdMatches: true, runtimeVersion: '0.1.0', versionMatches: true, wallet: null };

describe('verificationOutcome', () => {
  it('verifies the runtime alone when the agent has no wallet', () => {
    expect(verificationOutcome(passing, '0.1.0')).toEqual({ verified: true, verificationType: 'runtime', failures: [] });
  });

  it('verifies runtime and wallet when the wallet signed', () => {
    const checks = { ...passing, wallet: { address: WALLET, signature: '0x', valid: true } };
    expect(verificationOutcome(checks, '0.1.0')).toEqual({ verified: true, verificationType: 'runtime+wallet', failures: [] });
  });

  it('names only the dead runtime when it does not answer', () => {
    const checks = { ...passing, live: false, agentIdMatches: false, runtimeVersion: null, versionMatches: false };
    expect(verificationOutcome(checks, '0.1.0')).toEqual({ verified: false, verificationType: null, failures: ['The runtime did not answer its health check'] });
  });

  it('fails a runtime that answers as another agent', () => {
    expect(verificationOutcome({ ...passing, agentIdMatches: false }, '0.1.0').failures).toEqual(['The runtime answered as another agent']);
  });

  it('fails another version', () => {
    expect(verificationOutcome({ ...passing, runtimeVersion: '0.0.9', versionMatches: false }, '0.1.0').failures)
      .toEqual(['The runtime reports version 0.0.9, not 0.1.0']);
  });

  it('fails a signature that does not recover to the wallet', () => {
    const checks = { ...passing, wallet: { address: WALLET, signature: '0x', valid: false } };
    expect(verificationOutcome(checks, '0.1.0').failures).toEqual([`The signature does not recover to the agent's wallet ${WALLET}`]);
  });
});
