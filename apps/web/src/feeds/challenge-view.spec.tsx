/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ChallengeView } from './challenge-view.js';

describe('ChallengeView', () => {
  it('says what the feed asks to be paid, and the API\'s hint', () => {
    render(<ChallengeView feed="gas-prices" hint="Add preview=true for its free preview."
      challenge={{ x402Version: 2, resource: { url: 'https://feeds.example/gas' }, accepts: [{ scheme: 'exact', network: 'eip155:84532', amount: '1000', payTo: '0xabc', extra: { name: 'USDC' } }] }} />);
    expect(screen.getByText(/gas-prices asks to be paid/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Ways to pay' }).textContent).toBe('0.001 USDC on base-sepolia (exact), paid to 0xabc');
    expect(screen.getByText('Add preview=true for its free preview.')).toBeTruthy();
  });

  it('says so when the challenge names no way to pay', () => {
    render(<ChallengeView feed="gas-prices" hint="" challenge={{}} />);
    expect(screen.getByText('The challenge names no way to pay.')).toBeTruthy();
  });
});
