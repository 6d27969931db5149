/** One sample line of Prometheus text: `name{label="value",...} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** What an ops server's GET /metrics answered, read as Prometheus would. */
export class ScrapedMetrics {
  private constructor(private readonly samples: Sample[]) {}

  static async of(opsUrl: string): Promise<ScrapedMetrics> {
    const response = await fetch(`${opsUrl}/metrics`);
    if (response.status !== 200) throw new Error(`GET ${opsUrl}/metrics answered ${response.status}`);
    const samples = (await response.text()).split('\n').filter((line) => line && !line.startsWith('#')).map(parseSample);
    return new ScrapedMetrics(samples);
  }

  /** The value of the series with these labels (and maybe others); 0 when there is none yet, as Prometheus' `or vector(0)`. */
  value(name: string, labels: Record<string, string> = {}): number {
    return this.samples
      .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
      .reduce((sum, sample) => sum + sample.value, 0);
  }

  /** Whether any series of `name` carries `label` with `value`. */
  has(name: string, labels: Record<string, string>): boolean {
    return this.samples.some((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  }
}

function parseSample(line: string): Sample {
  const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
  if (!match) throw new Error(`not a Prometheus sample: ${line}`);
  const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key!, value!]));
  return { name: match[1]!, labels, value: Number(match[3]) };
}
