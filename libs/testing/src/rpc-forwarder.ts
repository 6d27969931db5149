import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RpcCall {
  id?: unknown;
  method?: string;
}

/**
 * A JSON-RPC node as a platform service sees it, between the service and the sandbox's node: it
 * passes every call through, except the methods a test makes it drop (the node looks away for
 * those: an HTTP 502, as a load balancer in front of a dead node answers) or, while `down`, every
 * call. Counts the calls it passed, by method.
 */
export class RpcForwarder {
  readonly calls = new Map<string, number>();
  private readonly dropped = new Set<string>();
  /** Calls of a method still let through before it is dropped (dropAfter). */
  private readonly allowances = new Map<string, number>();
  private down = false;

  private constructor(private readonly server: Server, readonly url: string) {}

  static async start(target: string): Promise<RpcForwarder> {
    let forwarder!: RpcForwarder;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const calls = ([] as RpcCall[]).concat(JSON.parse(body || '{}') as RpcCall | RpcCall[]);
        if (!forwarder.passes(calls)) {
          response.writeHead(502).end();
          return;
        }
        fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          .then(async (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
          .catch(() => response.writeHead(502).end());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    forwarder = new RpcForwarder(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return forwarder;
  }

  /** Drops the named methods until `restore`. */
  drop(...methods: string[]): void {
    for (const method of methods) this.dropped.add(method);
  }

  /** Lets `passing` more calls of `method` through, then drops it until `restore`: a node lost right after one transaction went out. */
  dropAfter(method: string, passing: number): void {
    this.allowances.set(method, passing);
  }

  /** Drops every call until `restore`. */
  goDown(): void {
    this.down = true;
  }

  restore(): void {
    this.down = false;
    this.dropped.clear();
    this.allowances.clear();
  }

  count(method: string): number {
    return this.calls.get(method) ?? 0;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private passes(calls: RpcCall[]): boolean {
    if (this.down || calls.some((call) => this.dropped.has(call.method ?? ''))) return false;
    for (const call of calls) {
      const left = this.allowances.get(call.method ?? '');
      if (left === 0) return false;
      if (left !== undefined) this.allowances.set(call.method ?? '', left - 1);
    }
    for (const call of calls) this.calls.set(call.method ?? '', this.count(call.method ?? '') + 1);
    return true;
  }
}
