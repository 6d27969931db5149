import { CommonEnv, EnvBoolean, EnvInt, Secret } from '@platform/config';
import { IsString, Matches } from 'class-validator';

const HTTP_URL = { message: 'must be an http(s) URL' };

export class WalletEnv extends CommonEnv {
  /** Balances are read on the stablecoin network's testnet (42431) when true, its mainnet (4217) otherwise. */
  @EnvBoolean() NETWORK_TESTNET = true;

  /** JSON-RPC of the stablecoin network NETWORK_TESTNET picks. */
  @Matches(/^https?:\/\/.+/, HTTP_URL) NETWORK_RPC_URL = 'http://127.0.0.1:4600/chain/42431';

  /** JSON-RPC of base-sepolia, where session, custodial and agent wallets hold USDC. */
  @Matches(/^https?:\/\/.+/, HTTP_URL) BASE_RPC_URL = 'http://127.0.0.1:4600/chain/84532';

  /** Seals wallet keys at rest (libs/secrets): 32 bytes, base64. */
  @Secret() @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes, base64-encoded' })
  SECRETS_KEY = '';

  /**
   * The platform treasury's private key on base-sepolia: top-up credits are paid from it, and it
   * gives agent wallets the gas their splits need. Empty: credits are recorded and wait for one.
   */
  @Secret() @Matches(/^(0x[0-9a-fA-F]{64})?$/, { message: 'must be a 0x-prefixed 32-byte hex private key' })
  WALLET_TREASURY_KEY = '';

  /** The custodial wallet provider's project; empty: the provider is not configured (4.1). */
  @IsString() CUSTODIAL_PROJECT_ID = '';

  /** Public web address; the processor sends a paying customer back here after a top-up. */
  @Matches(/^https?:\/\/.+/, HTTP_URL) APP_URL = 'http://localhost:3000';

  /** How long one address's balances are served from memory before the chain is read again. */
  @EnvInt(0) WALLET_BALANCE_CACHE_MS = 3000;

  /** How long one attempt at a transfer waits for its receipt before it is tried again later. */
  @EnvInt(1) WALLET_RECEIPT_TIMEOUT_MS = 30_000;

  /** How often a worker looks for transfers left unfinished (a job given up, a worker killed) and executes them again. */
  @EnvInt(1000) WALLET_SWEEP_INTERVAL_MS = 60_000;

  /**
   * How many of base-sepolia's latest blocks GET /api/wallet/transactions reads transfer logs from:
   * 10,000 is what RPC providers' eth_getLogs commonly accept in one call, about 5.5 hours at 2 s a block.
   */
  @EnvInt(1) WALLET_HISTORY_BLOCKS = 10_000;
  /** Splits one worker pays out at once; each waits for its transfers' receipts one after another. */
  @EnvInt(1) WALLET_SPLIT_CONCURRENCY = 8;

  /** How long a worker's hold on a split job lasts unless renewed; a killed worker's splits return after it. */
  @EnvInt(1000) WALLET_SPLIT_LOCK_DURATION_MS = 30_000;

  /** How often workers look for split jobs whose holder died. */
  @EnvInt(500) WALLET_SPLIT_STALLED_INTERVAL_MS = 30_000;

  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;
}
