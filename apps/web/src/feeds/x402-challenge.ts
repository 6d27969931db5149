/** One way to pay an x402 challenge, in the words the page shows. */
export interface PaymentOption {
  scheme: string;
  network: string;
  /** The amount in the asset's units when it is a known USD coin ("0.01 USDC"), else its smallest units. */
  price: string;
  payTo: string;
}

export interface ChallengeSummary {
  resource?: string;
  description?: string;
  error?: string;
  options: PaymentOption[];
}

/** CAIP-2 ids of x402 v2 for the networks the platform pays on (docs/wallet.md, x402); v1 names them already. */
const NETWORKS: Record<string, string> = { 'eip155:8453': 'base', 'eip155:84532': 'base-sepolia' };

/** USDC's 6 decimals, when the requirement names the coin (its EIP-712 `extra.name`). */
const USDC_NAMES = new Set(['USDC', 'USD Coin']);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

function price(amount: string, coin: string | undefined): string {
  if (!/^\d+$/.test(amount)) return amount || 'an unstated amount';
  if (!coin || !USDC_NAMES.has(coin)) return `${amount} of the asset's smallest units`;
  const whole = amount.padStart(7, '0');
  return `${`${whole.slice(0, -6)}.${whole.slice(-6)}`.replace(/\.?0+$/, '')} USDC`;
}

/**
 * An x402 challenge as the feeds' 402 carries it (v2: resource { url, description } and accepts[] with
 * `amount`; v1: each requirement with `maxAmountRequired` and its own resource), read defensively: it is
 * the provider's JSON, so anything missing is left out rather than trusted.
 */
export function summarizeChallenge(challenge: unknown): ChallengeSummary {
  const body = (challenge && typeof challenge === 'object' ? challenge : {}) as Record<string, unknown>;
  const resource = (body.resource && typeof body.resource === 'object' ? body.resource : {}) as Record<string, unknown>;
  const accepts = Array.isArray(body.accepts) ? (body.accepts as Record<string, unknown>[]).filter((item) => item && typeof item === 'object') : [];
  const first = accepts[0] ?? {};
  return {
    resource: text(resource.url) ?? text(body.resource) ?? text(first.resource),
    description: text(resource.description) ?? text(first.description),
    error: text(body.error),
    options: accepts.map((item) => {
      const network = text(item.network) ?? 'an unstated network';
      const extra = (item.extra && typeof item.extra === 'object' ? item.extra : {}) as Record<string, unknown>;
      return {
        scheme: text(item.scheme) ?? 'unstated',
        network: NETWORKS[network] ?? network,
        price: price(text(item.amount) ?? text(item.maxAmountRequired) ?? '', text(extra.name)),
        payTo: text(item.payTo) ?? 'an unstated address',
      };
    }),
  };
}
