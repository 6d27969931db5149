import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { USDC } from '@platform/chain';
import { ownerQuery, sandboxHook, TestPlatform } from '@platform/testing';
import { baseSepolia } from 'viem/chains';

describe('GET /api/datafeeds with FEEDS_AUTOPAY: the agentic wallet pays', () => {
  let platform: TestPlatform;
  let payer: string;
  const hook = <T>(method: string, path: string, body?: unknown) => sandboxHook<T>(platform.sandbox.url, method, path, body);

  beforeAll(async () => {
    platform = await TestPlatform.start({
      services: ['wallet', 'feeds'],
      env: { CUSTODIAL_PROJECT_ID: 'proj-feeds', FEEDS_AUTOPAY: 'true', FEEDS_CACHE_MS: '60000' },
    });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('passes the 402 on with the provider\'s reason, the refused payment recorded, while the wallet cannot pay', async () => {
    const response = await platform.web().get('/api/datafeeds?feed=security-intel');

    expect(response.status).toBe(402);
    expect(response.body.challenge.error).toEqual(expect.stringMatching(/insufficient/i));
    const rows = await ownerQuery<{ feed_id: string; status: string; payer: string }>(platform.env, 'SELECT feed_id, status, payer FROM feeds.feed_payments');
    expect(rows).toEqual([{ feed_id: 'security-intel', status: 'refused', payer: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) }]);
    payer = rows[0]!.payer;
  });

  it('pays a paid feed once, records the payment with its transaction, and serves the next reads from the cache', async () => {
    await hook('POST', '/chain/fund', { chainId: baseSepolia.id, token: USDC[baseSepolia.id].address, to: payer, amount: '1' });
    const reads = await Promise.all([1, 2, 3].map(() => platform.web().get('/api/datafeeds?feed=defi-tvl')));
    const later = await platform.web().get('/api/datafeeds?feed=defi-tvl');

    for (const response of [...reads, later]) {
      expect(response.status).toBe(200);
      expect(response.body.data.protocols).toHaveLength(10);
    }
    const { payments } = await hook<{ payments: Array<{ path: string; payer: string; amount: string; transaction: string }> }>('GET', '/feeds/payments');
    expect(payments).toEqual([expect.objectContaining({ path: '/feeds/v1/data/defi-protocol-tvl-live', payer, amount: '10000' })]);
    const rows = await ownerQuery(platform.env, 'SELECT feed_id, amount, payer, status, transaction FROM feeds.feed_payments WHERE feed_id = $1', ['defi-tvl']);
    expect(rows).toEqual([{ feed_id: 'defi-tvl', amount: '10000', payer, status: 'settled', transaction: payments[0]!.transaction }]);
  });
});
