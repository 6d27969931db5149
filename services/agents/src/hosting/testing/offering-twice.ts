import { PortProbe } from '../free-port.js';

/**
 * The OS offering `port` to the first two picks, as it offers the port of a runtime that has not bound
 * it yet. Each offer waits until both picks asked (launches side by side), or for `patienceMs` when
 * the second cannot ask before the first is done.
 */
export class OfferingTwice extends PortProbe {
  private asked = 0;
  private bothAsked = () => {};
  private readonly both = new Promise<void>((resolve) => {
    this.bothAsked = resolve;
  });

  constructor(private readonly port: number, private readonly patienceMs: number) {
    super();
  }

  override async bindable(host: string, port: number): Promise<number | null> {
    if (port !== 0 || this.asked === 2) return super.bindable(host, port);
    this.asked += 1;
    if (this.asked === 2) this.bothAsked();
    await Promise.race([this.both, new Promise((resolve) => setTimeout(resolve, this.patienceMs))]);
    return this.port;
  }
}
