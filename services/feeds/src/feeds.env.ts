import { CommonEnv, EnvBoolean, EnvInt } from '@platform/config';
import { Matches } from 'class-validator';

const HTTP_URL = { message: 'must be an http(s) URL' };

export class FeedsEnv extends CommonEnv {
  /** Bounds the wallet's answer when a feed is paid (svc.wallet.pay_x402). */
  @EnvInt(1) NATS_REQUEST_TIMEOUT_MS = 5000;

  /** {feed_upstream_url} of extended-services 4.9: the data-feed provider's base; npm start and tests use the sandbox's. */
  @Matches(/^https?:\/\/.+/, HTTP_URL) FEED_UPSTREAM_URL = 'http://127.0.0.1:4600/feeds';
  /** {soul_url} of 4.10: the soul service's base; npm start and tests use the sandbox's. */
  @Matches(/^https?:\/\/.+/, HTTP_URL) SOUL_URL = 'http://127.0.0.1:4600/soul';

  /** One call to the feed provider (extended-services 8: 10 s). */
  @EnvInt(1) FEEDS_UPSTREAM_TIMEOUT_MS = 10_000;
  /** One call to the soul service. */
  @EnvInt(1) FEEDS_SOUL_TIMEOUT_MS = 5000;
  /** How long a feed's answer is reused (from when it arrived), so repeated reads do not pay twice; 0 turns it off. */
  @EnvInt(0) FEEDS_CACHE_MS = 5000;

  /** Pay a feed's x402 challenge with the platform's agentic wallet (the wallet service's CUSTODIAL_PROJECT_ID must be set). */
  @EnvBoolean() FEEDS_AUTOPAY = false;
  /** The most one feed call may cost when paid automatically, in the asset's smallest units (USDC: 6 decimals; 50000 = 0.05). */
  @Matches(/^\d{1,30}$/, { message: 'must be a whole number of smallest units' }) FEEDS_AUTOPAY_MAX_AMOUNT = '50000';

  /** One breaker per upstream: opens when this percent of calls in its window failed, after FEEDS_BREAKER_VOLUME calls; stays open FEEDS_BREAKER_RESET_MS. */
  @EnvInt(1) FEEDS_BREAKER_ERROR_PERCENT = 50;
  @EnvInt(1) FEEDS_BREAKER_VOLUME = 5;
  @EnvInt(1) FEEDS_BREAKER_RESET_MS = 30_000;
}
