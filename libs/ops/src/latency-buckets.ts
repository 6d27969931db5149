/**
 * Seconds. prom-client's default buckets end at 10 s; a chat may take up to the edge's 100 s (three
 * model attempts), and a request that slow must land in a bucket of its own, not in +Inf.
 */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 100];
