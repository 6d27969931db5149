import type { TestResponse } from '../test-client.js';

export interface Sample {
  stream: string;
  /** When the request was sent, in ms since the load started. */
  sentAt: number;
  ms: number;
  status: number;
  headers: Headers;
  body: unknown;
}

export type Streams = Record<string, () => Promise<TestResponse>>;

/**
 * Traffic at a steady rate, as clients send it: each stream sends a request every `intervalMs`
 * whether or not the last one has been answered, so a request stuck on a dead dependency shows as
 * one long sample instead of slowing the load down. A request that throws (the gateway itself went
 * away) is a sample with status 0.
 */
export class SteadyLoad {
  readonly samples: Sample[] = [];
  private readonly started = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly streams: Streams, intervalMs: number) {
    for (const [stream, send] of Object.entries(streams)) {
      this.timers.push(setInterval(() => this.send(stream, send), intervalMs));
    }
  }

  /** Milliseconds since the load started: the clock samples are stamped with. */
  now(): number {
    return Date.now() - this.started;
  }

  /** Stops sending and waits for every answer still owed. */
  async stop(): Promise<void> {
    this.timers.forEach(clearInterval);
    await Promise.all(this.inFlight);
  }

  of(stream: string, from = 0, to = Number.POSITIVE_INFINITY): Sample[] {
    return this.samples.filter((sample) => sample.stream === stream && sample.sentAt >= from && sample.sentAt < to);
  }

  /** The first sample of `stream` sent at or after `from` that succeeded, if any. */
  firstSuccess(stream: string, from: number): Sample | undefined {
    return this.of(stream, from).sort((a, b) => a.sentAt - b.sentAt).find((sample) => sample.status >= 200 && sample.status < 300);
  }

  private send(stream: string, send: () => Promise<TestResponse>): void {
    const sentAt = this.now();
    const done = send().then(
      (response) => { this.samples.push({ stream, sentAt, ms: this.now() - sentAt, status: response.status, headers: response.headers, body: response.body }); },
      (error: unknown) => { this.samples.push({ stream, sentAt, ms: this.now() - sentAt, status: 0, headers: new Headers(), body: String(error) }); },
    ).finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }
}
