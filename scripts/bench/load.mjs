// One load run with autocannon, bounded in time. Latency percentiles are computed here from every
// 2xx response time (microsecond precision), because autocannon's own histogram counts whole
// milliseconds, too coarse for a loopback route that answers in about one.
import autocannon from 'autocannon';

/** Extra time allowed past the requested duration before the run is stopped by force. */
const OVERRUN_MS = 15_000;

export class Samples {
  values = new Float64Array(1 << 16);
  length = 0;

  /** Appends every value of `other`. */
  concat(other) {
    for (let index = 0; index < other.length; index += 1) this.push(other.values[index]);
    return this;
  }

  push(value) {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  /** Nearest-rank percentiles of what was recorded. */
  percentiles(...ps) {
    const sorted = this.values.subarray(0, this.length).sort();
    return ps.map((p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN));
  }
}

/**
 * Runs autocannon against url for durationSec with the given connections and headers (and, for
 * writes, method, body and a setupRequest that may vary each request); `overallRate`, when given, caps
 * the requests/s sent over all connections (else each sends its next as soon as it is answered).
 * Returns requests/s (autocannon's per-second average), p50/p99 in ms, error counts, and the 2xx
 * response times themselves (`samples`) for a caller that pools several runs.
 */
export function load({ url, durationSec, connections, headers = {}, title, method = 'GET', body, setupRequest, overallRate }) {
  return new Promise((resolve, reject) => {
    const samples = new Samples();
    let forced = false;
    const instance = autocannon(
      {
        url, title, connections, duration: durationSec, headers, timeout: 10, method, body, overallRate,
        ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
      },
      (error, result) => {
        clearTimeout(guard);
        if (error) return reject(error);
        const [p50, p99] = samples.percentiles(50, 99);
        resolve({
          samples,
          requestsPerSec: result.requests.average,
          p50Ms: p50,
          p99Ms: p99,
          avgMs: result.latency.average,
          total2xx: result['2xx'],
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          durationSec: result.duration,
          statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
          forcedStop: forced,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(responseTimeMs);
    });
    const guard = setTimeout(() => {
      forced = true;
      instance.stop();
    }, durationSec * 1000 + OVERRUN_MS);
  });
}
