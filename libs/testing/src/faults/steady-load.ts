/** What a stream's request answered: a TestClient response, or the same fields from any client. */
export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface Sample {
  stream: string;
  /** When the request was sent, in ms since the load started. */
  sentAt: number;
  ms: number;
  status: number;
  headers: Headers;
  body: unknown;
}

export const succeeded = (sample: { status: number }) => sample.status >= 200 && sample.status < 300;

export interface Stream {
  perSecond: number;
  send: () => Promise<Answer>;
}

/**
 * Traffic at a steady rate, as clients send it: each stream sends `perSecond` requests a second
 * whether or not the last one has been answered, so a request stuck on a dead dependency shows as
 * one long sample instead of slowing the load down. A request that throws (the gateway itself went
 * away) is a sample with status 0. Used by the fault suite and `npm run bench:faults`.
 */
export class SteadyLoad {
  readonly samples: Sample[] = [];
  private readonly started = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(streams: Record<string, Stream>) {
    for (const [stream, { perSecond, send }] of Object.entries(streams)) {
      this.timers.push(setInterval(() => this.send(stream, send), 1000 / perSecond));
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
    return this.of(stream, from).sort((a, b) => a.sentAt - b.sentAt).find(succeeded);
  }

  private send(stream: string, send: () => Promise<Answer>): void {
    const sentAt = this.now();
    const done = send().then(
      (response) => { this.samples.push({ stream, sentAt, ms: this.now() - sentAt, status: response.status, headers: response.headers, body: response.body }); },
      (error: unknown) => { this.samples.push({ stream, sentAt, ms: this.now() - sentAt, status: 0, headers: new Headers(), body: String(error) }); },
    ).finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }
}
