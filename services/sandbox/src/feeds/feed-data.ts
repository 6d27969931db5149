/**
 * Plausible data per feed of extended-services 4.9, the same within a minute and moving from one
 * minute to the next, as a live feed's would. A preview is the first few items of the same data.
 */
const PREVIEW_ITEMS = 3;

/** mulberry32: a small seeded generator, so a minute's data is the same on every read. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const hashOf = (text: string) => [...text].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619), 2_166_136_261);

type Random = () => number;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const address = (random: Random) => `0x${Array.from({ length: 40 }, () => Math.floor(random() * 16).toString(16)).join('')}`;

const CHAINS = ['Ethereum', 'Base', 'Arbitrum', 'Optimism', 'Solana', 'Polygon'];
const PROTOCOLS = ['Aave', 'Lido', 'Uniswap', 'Curve', 'Morpho', 'Pendle', 'Compound', 'MakerDAO', 'Aerodrome', 'GMX'];
const ASSETS = [['BTC', 'Bitcoin', 97_000], ['ETH', 'Ethereum', 3_400], ['SOL', 'Solana', 180], ['LINK', 'Chainlink', 18], ['AVAX', 'Avalanche', 32], ['UNI', 'Uniswap', 9]] as const;
const STABLES = ['USDC', 'USDT', 'DAI', 'PYUSD', 'USDe'];

/** Each feed's items, newest or biggest first, by the feed's upstream name. */
const GENERATORS: Record<string, (random: Random, at: string) => Record<string, unknown>> = {
  'defi-yields-live': (random) => ({
    pools: PROTOCOLS.map((project) => ({ project, chain: pick(random, CHAINS), symbol: pick(random, STABLES), apy: round(2 + random() * 18), tvlUsd: Math.round(5e6 + random() * 2e9) })),
  }),
  'token-anomalies-live': (random) => ({
    anomalies: ASSETS.map(([symbol]) => ({ symbol, kind: pick(random, ['volume_spike', 'price_divergence', 'holder_concentration']), zScore: round(2 + random() * 6), window: '1h' })),
  }),
  'security-intel-live': (random, at) => ({
    incidents: PROTOCOLS.slice(0, 6).map((protocol, index) => ({
      protocol, chain: pick(random, CHAINS), type: pick(random, ['exploit', 'phishing', 'oracle_manipulation', 'rug_pull']),
      lossUsd: Math.round(random() * 5e7), severity: pick(random, ['low', 'medium', 'high', 'critical']), reportedAt: index === 0 ? at : new Date(Date.parse(at) - index * 3_600_000).toISOString(),
    })),
  }),
  'market-data-live': (random) => ({
    assets: ASSETS.map(([symbol, name, price]) => ({ symbol, name, priceUsd: round(price * (0.95 + random() * 0.1)), change24h: round(-8 + random() * 16), volume24hUsd: Math.round(price * 1e6 * (1 + random() * 20)) })),
  }),
  'whale-alert-live': (random, at) => ({
    transfers: Array.from({ length: 8 }, (_, index) => {
      const [symbol, , price] = pick(random, ASSETS);
      const amount = round((5e6 + random() * 1e8) / price, 4);
      return { symbol, amount, valueUsd: Math.round(amount * price), from: address(random), to: address(random), chain: pick(random, CHAINS), at: new Date(Date.parse(at) - index * 240_000).toISOString() };
    }),
  }),
  'gas-prices-live': (random) => ({
    chains: CHAINS.filter((chain) => chain !== 'Solana').map((chain) => ({ chain, unit: 'gwei', slow: round(random() * 10, 3), standard: round(5 + random() * 15, 3), fast: round(15 + random() * 30, 3) })),
  }),
  'defi-protocol-tvl-live': (random) => ({
    protocols: PROTOCOLS.map((name) => ({ name, category: pick(random, ['Lending', 'Liquid Staking', 'Dexes', 'CDP', 'Yield']), tvlUsd: Math.round(1e8 + random() * 3e10), change7d: round(-15 + random() * 30) })),
  }),
  'stablecoin-flows-live': (random) => ({
    flows: STABLES.map((symbol) => ({ symbol, minted24hUsd: Math.round(random() * 4e8), burned24hUsd: Math.round(random() * 4e8), netFlowUsd: Math.round(-2e8 + random() * 4e8), supplyUsd: Math.round(1e9 + random() * 1.4e11) })),
  }),
  'dex-volume-live': (random) => ({
    dexes: ['Uniswap', 'Aerodrome', 'Raydium', 'Curve', 'PancakeSwap', 'Orca'].map((name) => ({ name, chain: pick(random, CHAINS), volume24hUsd: Math.round(5e7 + random() * 3e9), change24h: round(-20 + random() * 40) })),
  }),
  'liquidations-live': (random, at) => ({
    liquidations: Array.from({ length: 8 }, (_, index) => ({
      protocol: pick(random, ['Aave', 'Compound', 'Morpho', 'GMX', 'Hyperliquid']), asset: pick(random, ASSETS)[0], side: pick(random, ['long', 'short']),
      valueUsd: Math.round(1e4 + random() * 5e6), at: new Date(Date.parse(at) - index * 90_000).toISOString(),
    })),
  }),
  'ai-ecosystem-intel-live': (random) => ({
    signals: ['model_release', 'funding_round', 'open_weights', 'benchmark', 'agent_framework'].map((kind) => ({
      kind, subject: pick(random, ['Frontier lab', 'Open-source collective', 'Agent startup', 'Inference cloud']), score: round(random() * 100, 1), summary: `A ${kind.replace('_', ' ')} the ecosystem is talking about`,
    })),
  }),
  'crypto-sentiment-live': (random) => {
    const index = Math.round(random() * 100);
    const label = index < 25 ? 'Extreme Fear' : index < 45 ? 'Fear' : index < 55 ? 'Neutral' : index < 75 ? 'Greed' : 'Extreme Greed';
    return { fearGreedIndex: index, label, assets: ASSETS.map(([symbol]) => ({ symbol, bullishPercent: round(30 + random() * 40, 1), mentions24h: Math.round(1e3 + random() * 5e4) })) };
  },
  'hn-top-stories-live': (random) => ({
    stories: ['Show HN: A tiny EVM in 500 lines', 'Postgres 18 released', 'The case for boring technology, revisited', 'How we cut our cloud bill by 60%', 'A visual guide to x402 payments', 'Ask HN: What are you working on?', 'Rust in the Linux kernel, one year on', 'SQLite as an application file format']
      .map((title, index) => ({ id: 42_000_000 + index, title, url: `https://news.example.com/item/${42_000_000 + index}`, points: Math.round(80 + random() * 900), comments: Math.round(random() * 400), by: pick(random, ['pg', 'tptacek', 'jacquesm', 'dang', 'patio11']) })),
  }),
  'github-trending-live': (random) => ({
    repositories: ['agent-runtime', 'vector-lite', 'tiny-llm', 'zk-toolkit', 'edge-router', 'pg-queue'].map((name) => ({
      name: `${pick(random, ['acme', 'opencollective', 'devtools', 'labs'])}/${name}`, language: pick(random, ['TypeScript', 'Rust', 'Go', 'Python']), starsToday: Math.round(50 + random() * 2000), stars: Math.round(1000 + random() * 60_000),
    })),
  }),
  'hf-papers-live': (random) => ({
    papers: ['Scaling test-time compute for agents', 'Sparse mixtures at small scale', 'Tool use without fine-tuning', 'Long-context retrieval, measured', 'Reward models that explain themselves']
      .map((title, index) => ({ id: `2511.${String(10_000 + index * 137)}`, title, upvotes: Math.round(10 + random() * 300), authors: Math.round(2 + random() * 12) })),
  }),
};

/** The feed's data now, or its preview: every list cut to its first few items. */
export function feedData(name: string, preview: boolean, now = new Date()): Record<string, unknown> | null {
  const generate = GENERATORS[name];
  if (!generate) return null;
  const minute = Math.floor(now.getTime() / 60_000);
  const at = new Date(minute * 60_000).toISOString();
  const data = generate(seeded(hashOf(name) ^ minute), at);
  if (!preview) return { ...data, updatedAt: at };
  const cut = Object.fromEntries(Object.entries(data).map(([key, value]) => [key, Array.isArray(value) ? value.slice(0, PREVIEW_ITEMS) : value]));
  return { ...cut, updatedAt: at, preview: true };
}
