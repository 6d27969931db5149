import { RedisScript } from '@platform/queue';

/**
 * A user's month lives in one hash: `used` (tokens settled), `reserved` (the sum of open leases)
 * and one `lease:<id>` field per reservation; a sorted set beside it holds each lease's expiry.
 * Every step is one script, so `reserved` is always exactly the sum of the open leases and the
 * counter cannot drift, however many replicas reserve, settle or die at once.
 *
 * Expired leases (their holder died, or never got to settle) are released first by every script
 * that reads the month, on Redis's own clock so replicas' clocks do not matter; each leaves an
 * `expired:<id>` mark, so a settlement that comes after still counts, once.
 */
const RELEASE_EXPIRED = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)
for _, id in ipairs(expired) do
  local tokens = tonumber(redis.call('HGET', KEYS[1], 'lease:' .. id) or '0')
  redis.call('HINCRBY', KEYS[1], 'reserved', -tokens)
  redis.call('HDEL', KEYS[1], 'lease:' .. id)
  redis.call('HSET', KEYS[1], 'expired:' .. id, 1)
end
if #expired > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now) end
local counted = tonumber(redis.call('HGET', KEYS[1], 'used') or '0') + tonumber(redis.call('HGET', KEYS[1], 'reserved') or '0')
`;

/**
 * Ends lease ARGV[1]: `ended` is true when it was open or had expired unsettled, false when it was
 * already settled or released, which makes a repeated settlement count nothing.
 */
const END_LEASE = `
local ended = false
local leased = redis.call('HGET', KEYS[1], 'lease:' .. ARGV[1])
if leased then
  redis.call('HINCRBY', KEYS[1], 'reserved', -tonumber(leased))
  redis.call('HDEL', KEYS[1], 'lease:' .. ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
  ended = true
elseif redis.call('HDEL', KEYS[1], 'expired:' .. ARGV[1]) == 1 then
  ended = true
end
`;

/**
 * ARGV: limit, tokens, lease id, lease ms, key TTL s. Admits while what is settled or reserved is
 * under the limit, so however many run at once the month overshoots by at most one reservation.
 * Returns {admitted, tokens counted after the decision}.
 */
export const RESERVE = new RedisScript(`${RELEASE_EXPIRED}
if counted >= tonumber(ARGV[1]) then return {0, counted} end
redis.call('HINCRBY', KEYS[1], 'reserved', ARGV[2])
redis.call('HSET', KEYS[1], 'lease:' .. ARGV[3], ARGV[2])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[4]), ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return {1, counted + tonumber(ARGV[2])}
`);

/**
 * ARGV: lease id, tokens really used. The real usage counts even when the lease already expired
 * (the answer was served), and only once however often the settlement is retried.
 */
export const SETTLE = new RedisScript(`${END_LEASE}
if ended then redis.call('HINCRBY', KEYS[1], 'used', ARGV[2]) end
`);

/** ARGV: lease id. */
export const RELEASE = new RedisScript(END_LEASE);

/** Tokens counted this month (settled plus open leases), after releasing expired leases. */
export const COUNTED = new RedisScript(`${RELEASE_EXPIRED}
return counted
`);
