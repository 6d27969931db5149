// Helpers the scenario scripts share for sending work concurrently and summarising latencies.

/** Runs `work` over `items` with at most `concurrency` at once; results in the items' order. */
export async function pool(items, concurrency, work) {
  let next = 0;
  const results = new Array(items.length);
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  }));
  return results;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Sends `items` with `senders` at once and times each: `send(item, index)` resolves to a failure's
 * label (an HTTP status, say) or null. Items per second, p50 and p99 in ms, failures by label.
 */
export async function timedPool(items, senders, send) {
  const latencies = [];
  const failures = new Map();
  const started = performance.now();
  await pool(items, senders, async (item, index) => {
    const sent = performance.now();
    const failure = await send(item, index);
    latencies.push(performance.now() - sent);
    if (failure !== null) failures.set(failure, (failures.get(failure) ?? 0) + 1);
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    perSec: Math.round(items.length / seconds),
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
    failed: Object.fromEntries(failures),
  };
}
