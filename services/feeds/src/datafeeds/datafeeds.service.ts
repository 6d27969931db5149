import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  ApiError, DATA_FEEDS, FEED_SOURCE, FEEDS_MESSAGES as M, FEEDS_PATH, ok, upstreamPath, type DataFeed, type Reply,
} from '@platform/contracts';
import { BreakerMetrics, ExpiringReads } from '@platform/http';
import { ServiceMetrics } from '@platform/ops';
import type { FeedsEnv } from '../feeds.env.js';
import { FEEDS_ENV } from '../feeds.tokens.js';
import { FeedPayments } from './feed-payments.js';
import { UpstreamCall, UpstreamError, type UpstreamAnswer, type UsableStatus } from './upstream-call.js';
import { challengeOf, type PaymentRequired } from './x402-challenge.js';

const AVAILABLE = DATA_FEEDS.map((feed) => feed.id);

/** Every feed and its preview: a cache key each. */
const CACHED_KEYS = DATA_FEEDS.length * 2;

const failed = (message: string) => new ApiError(500, M.fetchFailed, { message });

/** Data, or a challenge to answer or pay; any other status is 500 (docs/spec-decisions.md 176). */
const dataOrChallenge: UsableStatus = (status) => status === 402 || (status >= 200 && status < 300);

/**
 * The data feeds of extended-services 4.9: the list, and one feed read from the provider, its
 * x402 challenge answered as 402 or paid (FeedPayments). A feed's answer is reused for
 * FEEDS_CACHE_MS, and concurrent reads of one feed share one call, so a feed is not paid twice
 * within that time by this replica.
 */
@Injectable()
export class DatafeedsService implements OnModuleDestroy {
  private readonly upstream: UpstreamCall;
  private readonly reads: ExpiringReads<Reply>;

  constructor(@Inject(FEEDS_ENV) private readonly env: FeedsEnv, private readonly payments: FeedPayments, metrics: ServiceMetrics) {
    this.upstream = new UpstreamCall({ name: 'feed provider', answerer: 'the provider' }, {
      timeoutMs: env.FEEDS_UPSTREAM_TIMEOUT_MS,
      errorThresholdPercentage: env.FEEDS_BREAKER_ERROR_PERCENT,
      volumeThreshold: env.FEEDS_BREAKER_VOLUME,
      resetTimeoutMs: env.FEEDS_BREAKER_RESET_MS,
    }, metrics.of(BreakerMetrics));
    this.reads = new ExpiringReads(env.FEEDS_CACHE_MS, CACHED_KEYS);
  }

  list() {
    const feeds = DATA_FEEDS.map(({ id }) => ({ id, endpoint: `${FEEDS_PATH}?feed=${id}`, preview: `${FEEDS_PATH}?feed=${id}&preview=true` }));
    return { feeds, total: feeds.length, docs: M.docs };
  }

  read(feedId: string, preview: boolean): Promise<Reply> {
    const feed = DATA_FEEDS.find((candidate) => candidate.id === feedId);
    if (!feed) return Promise.reject(new ApiError(400, M.unknownFeed, { available: AVAILABLE }));
    return this.reads.get(`${feed.id}:${preview}`, () => this.fetch(feed, preview));
  }

  onModuleDestroy(): void {
    this.upstream.shutdown();
  }

  private async fetch(feed: DataFeed, preview: boolean): Promise<Reply> {
    const url = `${this.env.FEED_UPSTREAM_URL.replace(/\/+$/, '')}${upstreamPath(feed, preview)}`;
    const call = (headers: Record<string, string> = {}) => this.upstream.get(url, dataOrChallenge, headers);
    // Turned into the caller's 500 only here, so FeedPayments records a failed paid call's own reason.
    try {
      let answer = await call();
      if (answer.status === 402) {
        const challenge = validChallenge(answer);
        const paid = await this.payments.pay(feed, challenge, call);
        if (!paid) return paymentRequired(feed, challenge);
        // A refused payment: the provider's new challenge says why (its `error`).
        if (paid.status === 402) return paymentRequired(feed, validChallenge(paid));
        answer = paid;
      }
      return data(feed, answer);
    } catch (error) {
      throw error instanceof UpstreamError ? failed(error.message) : error;
    }
  }
}

function validChallenge(answer: UpstreamAnswer): PaymentRequired {
  const challenge = challengeOf(answer);
  if (!challenge) throw failed(M.invalidChallenge);
  return challenge;
}

/** 4.9's 402: the challenge as the x402 library read and checked it, never the opaque header. */
function paymentRequired(feed: DataFeed, challenge: PaymentRequired): Reply {
  return { status: 402, body: { status: M.paymentRequired, feed: feed.id, challenge, hint: M.paymentHint } };
}

/** A 2xx answer: dataOrChallenge let no other status through, and a 402 was answered or paid. */
function data(feed: DataFeed, answer: UpstreamAnswer): Reply {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    throw failed('the provider answered something other than JSON');
  }
  return ok({ feed: feed.id, source: FEED_SOURCE, data: parsed });
}
