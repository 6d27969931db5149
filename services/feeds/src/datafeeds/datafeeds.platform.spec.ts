import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { DATA_FEEDS, FEED_SOURCE, FEEDS_MESSAGES as M } from '@platform/contracts';
import { sandboxHook, TestPlatform } from '@platform/testing';

const SELLER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

describe('GET /api/datafeeds (extended-services 4.9)', () => {
  let platform: TestPlatform;
  const hook = <T>(method: string, path: string, body?: unknown) => sandboxHook<T>(platform.sandbox.url, method, path, body);
  const calls = async (path: string) => (await hook<{ calls: Array<{ path: string }> }>('GET', '/feeds/calls')).calls.filter((call) => call.path === path).length;

  beforeAll(async () => {
    // Breakers that never open here: each row below fails the provider on purpose.
    platform = await TestPlatform.start({ services: ['feeds'], env: { FEEDS_UPSTREAM_TIMEOUT_MS: '1500', FEEDS_BREAKER_VOLUME: '1000' } });
  });

  beforeEach(async () => {
    await hook('DELETE', '/feeds/controls');
  });

  afterAll(async () => {
    await platform?.close();
  });

  it('lists the 15 feeds with their endpoint and preview, total 15 and docs', async () => {
    const response = await platform.web().get('/api/datafeeds');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(15);
    expect(response.body.feeds).toHaveLength(15);
    expect(response.body.feeds[12]).toEqual({ id: 'hn-trending', endpoint: '/api/datafeeds?feed=hn-trending', preview: '/api/datafeeds?feed=hn-trending&preview=true' });
    expect(response.body.docs).toBe(M.docs);
  });

  it('reads a free preview from the provider: { feed, source, data }', async () => {
    const response = await platform.web().get('/api/datafeeds?feed=hn-trending&preview=true');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ feed: 'hn-trending', source: FEED_SOURCE, data: { preview: true } });
    expect(response.body.data.stories).toHaveLength(3);
    expect(await calls('/feeds/v1/preview/hn-top-stories-live')).toBe(1);
  });

  it('serves a second read within FEEDS_CACHE_MS from its cache', async () => {
    const client = platform.web();
    const [first, second] = [await client.get('/api/datafeeds?feed=gas-prices&preview=true'), await client.get('/api/datafeeds?feed=gas-prices&preview=true')];
    expect(second.body).toEqual(first.body);
    expect(await calls('/feeds/v1/preview/gas-prices-live')).toBe(1);
  });

  // Reads of the data paths below: the previews are read (and kept) by other rows.
  it('answers a paid feed\'s x402 challenge as 402 with the challenge parsed and checked', async () => {
    const response = await platform.web().get('/api/datafeeds?feed=defi-yields');
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ status: 'payment_required', feed: 'defi-yields', challenge: expect.any(Object), hint: M.paymentHint });
    expect(response.body.challenge).toMatchObject({
      x402Version: 2,
      resource: { url: expect.stringMatching(/\/feeds\/v1\/data\/defi-yields-live$/) },
      accepts: [{ scheme: 'exact', network: 'eip155:84532', amount: '10000', asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', payTo: SELLER }],
    });
  });

  it('reads a paid path as data when the provider asks no payment', async () => {
    await hook('PUT', '/feeds/controls', { free: true });
    const response = await platform.web().get('/api/datafeeds?feed=whale-alert');
    expect(response.status).toBe(200);
    expect(response.body.data.transfers).toHaveLength(8);
  });

  it.each(DATA_FEEDS.map((feed) => [feed.id]))('reads %s\'s preview', async (id) => {
    const response = await platform.web().get(`/api/datafeeds?feed=${id}&preview=true`);
    expect(response.status).toBe(200);
    expect(response.body.feed).toBe(id);
  });

  it.each([['an unknown feed', '?feed=bitcoin-price'], ['an empty feed', '?feed='], ['a repeated feed', '?feed=hn-trending&feed=gas-prices']])('answers 400 for %s', async (_case, query) => {
    const response = await platform.web().get(`/api/datafeeds${query}`);
    expect(response.status).toBe(400);
    if (!query.includes('&')) expect(response.body).toEqual({ error: M.unknownFeed, available: DATA_FEEDS.map((feed) => feed.id) });
  });

  it('answers 500 Feed fetch failed with the reason when the provider fails', async () => {
    await hook('PUT', '/feeds/controls', { status: 503 });
    const response = await platform.web().get('/api/datafeeds?feed=market-data');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: M.fetchFailed, message: 'the provider answered 503' });
  });

  it('answers 500 when the provider answers another error', async () => {
    await hook('PUT', '/feeds/controls', { status: 404 });
    const response = await platform.web().get('/api/datafeeds?feed=crypto-sentiment');
    expect(response.body).toEqual({ error: M.fetchFailed, message: 'the provider answered 404' });
  });

  it('answers 500 when the provider answers 402 without a valid x402 challenge', async () => {
    await hook('PUT', '/feeds/controls', { status: 402 });
    const response = await platform.web().get('/api/datafeeds?feed=security-intel');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: M.fetchFailed, message: M.invalidChallenge });
  });

  it.each([['declared', 'stablecoin-flows'], ['streamed', 'dex-volume']])('answers 500, relaying nothing, when the provider answers over 512 kB (its length %s)', async (oversized, feed) => {
    await hook('PUT', '/feeds/controls', { oversized });
    const response = await platform.web().get(`/api/datafeeds?feed=${feed}`);
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: M.fetchFailed, message: M.tooLarge });
  });

  it('gives a hanging provider up after the feed timeout', async () => {
    await hook('PUT', '/feeds/controls', { hang: true });
    const started = Date.now();
    const response = await platform.web().get('/api/datafeeds?feed=liquidations');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: M.fetchFailed, message: 'feed provider did not answer within 1500 ms' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
