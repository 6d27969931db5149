import { describe, expect, it } from '@jest/globals';
import { WALLET_MESSAGES as M } from '@platform/contracts';
import { payableRequirement } from './payable-requirement.js';

const requirement = (overrides: Record<string, unknown> = {}) => ({
  scheme: 'exact', network: 'eip155:84532', asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', amount: '1000',
  payTo: '0x1111111111111111111111111111111111111111', maxTimeoutSeconds: 60, extra: { name: 'USDC', version: '2' }, ...overrides,
});

describe('payableRequirement', () => {
  it('takes the cheapest exact requirement on base or base-sepolia', () => {
    const accepts = [requirement({ amount: '5000' }), requirement({ network: 'eip155:8453', amount: '2000' }), requirement({ amount: '3000' })];
    expect(payableRequirement(accepts, 10_000n)).toEqual(accepts[1]);
  });

  it('pays exactly the maximum', () => {
    expect(payableRequirement([requirement({ amount: '1000' })], 1000n).amount).toBe('1000');
  });

  it.each([
    ['another scheme', requirement({ scheme: 'upto' })],
    ['another chain', requirement({ network: 'eip155:1' })],
    ['a solana network', requirement({ network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })],
    ['an amount that is not a whole number', requirement({ amount: '1.5' })],
  ])('refuses %s', (_case, only) => {
    expect(() => payableRequirement([only], 10_000n)).toThrow(M.x402NoRequirement);
  });

  it('refuses a challenge without accepts', () => {
    expect(() => payableRequirement(undefined, 10_000n)).toThrow(M.x402NoRequirement);
  });

  it('refuses when the cheapest costs more than the maximum', () => {
    expect(() => payableRequirement([requirement({ amount: '1001' }), requirement({ amount: '5000' })], 1000n)).toThrow(M.x402TooExpensive);
  });
});
