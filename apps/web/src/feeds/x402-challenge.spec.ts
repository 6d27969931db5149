import { summarizeChallenge } from './x402-challenge.js';

const PAY_TO = '0x1111111111111111111111111111111111111111';

describe('summarizeChallenge', () => {
  it('reads an x402 v2 challenge: resource, CAIP-2 network by name, USDC amount in dollars', () => {
    expect(summarizeChallenge({
      x402Version: 2,
      error: 'Payment required',
      resource: { url: 'https://feeds.example/v1/data/gas-prices-live', description: 'Gas prices' },
      accepts: [{ scheme: 'exact', network: 'eip155:84532', amount: '1500', asset: '0xusdc', payTo: PAY_TO, extra: { name: 'USDC', version: '2' } }],
    })).toEqual({
      resource: 'https://feeds.example/v1/data/gas-prices-live',
      description: 'Gas prices',
      error: 'Payment required',
      options: [{ scheme: 'exact', network: 'base-sepolia', price: '0.0015 USDC', payTo: PAY_TO }],
    });
  });

  it('reads a v1 challenge: maxAmountRequired and the resource on the requirement', () => {
    expect(summarizeChallenge({
      x402Version: 1,
      accepts: [{ scheme: 'exact', network: 'base', maxAmountRequired: '2000000', resource: 'https://feeds.example/x', description: 'X', payTo: PAY_TO, extra: { name: 'USD Coin' } }],
    })).toMatchObject({ resource: 'https://feeds.example/x', description: 'X', options: [{ network: 'base', price: '2 USDC' }] });
  });

  it('gives an unknown asset\'s amount in its smallest units', () => {
    expect(summarizeChallenge({ accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '42', payTo: PAY_TO }] }).options[0]!.price)
      .toBe('42 of the asset\'s smallest units');
  });

  it.each([[null], ['text'], [{ accepts: 'none' }], [{ accepts: [null, 3] }]])('reads a malformed challenge %j as one with no ways to pay', (challenge) => {
    expect(summarizeChallenge(challenge).options).toEqual([]);
  });
});
