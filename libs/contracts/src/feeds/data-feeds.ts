/** Feed categories of 4.9's table. */
export type FeedCategory = 'DeFi' | 'Security' | 'Market' | 'Intelligence' | 'Developer';

export interface DataFeed {
  id: string;
  /** Relative to {feed_upstream_url}; the free preview is the same name under /v1/preview/. */
  path: string;
  category: FeedCategory;
}

const feed = (id: string, name: string, category: FeedCategory): DataFeed => ({ id, path: `/v1/data/${name}`, category });

/** The 15 feeds of extended-services 4.9, in the spec's order. */
export const DATA_FEEDS: readonly DataFeed[] = [
  feed('defi-yields', 'defi-yields-live', 'DeFi'),
  feed('token-anomalies', 'token-anomalies-live', 'DeFi'),
  feed('security-intel', 'security-intel-live', 'Security'),
  feed('market-data', 'market-data-live', 'Market'),
  feed('whale-alert', 'whale-alert-live', 'Market'),
  feed('gas-prices', 'gas-prices-live', 'Market'),
  feed('defi-tvl', 'defi-protocol-tvl-live', 'DeFi'),
  feed('stablecoin-flows', 'stablecoin-flows-live', 'DeFi'),
  feed('dex-volume', 'dex-volume-live', 'Market'),
  feed('liquidations', 'liquidations-live', 'DeFi'),
  feed('ai-ecosystem', 'ai-ecosystem-intel-live', 'Intelligence'),
  feed('crypto-sentiment', 'crypto-sentiment-live', 'Market'),
  feed('hn-trending', 'hn-top-stories-live', 'Developer'),
  feed('github-trending', 'github-trending-live', 'Developer'),
  feed('hf-papers', 'hf-papers-live', 'Developer'),
];

export const FEED_DATA_PREFIX = '/v1/data/';
export const FEED_PREVIEW_PREFIX = '/v1/preview/';

/** The upstream path of a feed's free preview (4.9: "preview paths live under /v1/preview/"). */
export const previewPath = (feed: DataFeed): string => `${FEED_PREVIEW_PREFIX}${feed.path.slice(FEED_DATA_PREFIX.length)}`;

/** 4.9's `source`: the constant naming the provider in every feed answer. */
export const FEED_SOURCE = 'x402 data feeds';

/** Where a caller reads a feed on the platform (4.9's `endpoint` and `preview` of each feed). */
export const FEEDS_PATH = '/api/datafeeds';
