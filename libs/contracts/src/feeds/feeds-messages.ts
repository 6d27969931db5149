/** Error texts and fixed words of the data feeds and the colony (extended-services 4.9, 4.10, 7). */
export const FEEDS_MESSAGES = {
  unknownFeed: 'Unknown feed',
  fetchFailed: 'Feed fetch failed',
  paymentRequired: 'payment_required',
  paymentHint: 'This feed is paid per call with x402: add preview=true for its free preview, or pay the challenge (one of its accepts, in the PAYMENT-SIGNATURE header) at its resource URL.',
  docs: 'GET /api/datafeeds?feed=<feed_id> reads one feed (paid per call with x402: a 402 answer carries the challenge); add &preview=true for its free preview.',
  invalidChallenge: 'the provider answered 402 without a valid x402 challenge',
  tooLarge: 'the provider answered more than the platform relays',
  unknownAction: 'Unknown action',
  soulUnavailable: 'Soul service unavailable',
  soulMalformed: 'Soul service answered an unexpected shape',
} as const;
