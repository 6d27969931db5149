export interface DataFeed {
  id: string;
  /** The provider's name for the feed, which its paths at {feed_upstream_url} are built from (upstreamPath). */
  upstreamName: string;
}

const feed = (id: string, upstreamName: string): DataFeed => ({ id, upstreamName });

/** The 15 feeds of extended-services 4.9, in the spec's order. */
export const DATA_FEEDS: readonly DataFeed[] = [
  feed('defi-yields', 'defi-yields-live'),
  feed('token-anomalies', 'token-anomalies-live'),
  feed('security-intel', 'security-intel-live'),
  feed('market-data', 'market-data-live'),
  feed('whale-alert', 'whale-alert-live'),
  feed('gas-prices', 'gas-prices-live'),
  feed('defi-tvl', 'defi-protocol-tvl-live'),
  feed('stablecoin-flows', 'stablecoin-flows-live'),
  feed('dex-volume', 'dex-volume-live'),
  feed('liquidations', 'liquidations-live'),
  feed('ai-ecosystem', 'ai-ecosystem-intel-live'),
  feed('crypto-sentiment', 'crypto-sentiment-live'),
  feed('hn-trending', 'hn-top-stories-live'),
  feed('github-trending', 'github-trending-live'),
  feed('hf-papers', 'hf-papers-live'),
];

/** A feed's path relative to {feed_upstream_url}: its data, or its free preview (4.9: "preview paths live under /v1/preview/"). */
export const upstreamPath = (feed: DataFeed, preview: boolean): string => `/v1/${preview ? 'preview' : 'data'}/${feed.upstreamName}`;

/** 4.9's `source`: the constant naming the provider in every feed answer. */
export const FEED_SOURCE = 'x402 data feeds';

/** Where a caller reads a feed on the platform (4.9's `endpoint` and `preview` of each feed). */
export const FEEDS_PATH = '/api/datafeeds';
