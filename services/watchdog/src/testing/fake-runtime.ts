import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RUNTIME_AGENT_HEADER, RUNTIME_PATHS } from '@platform/contracts';

/** An agent runtime's probe endpoints (/healthz, /readyz, /health) whose answers a test controls. */
export class FakeRuntime {
  /** `error`: /healthz answers 500; `hang`: it never answers. Closing the server (`down()`) refuses connections instead. */
  live: 'ok' | 'error' | 'hang' = 'ok';
  ready = true;
  failing: string[] = [];
  /** Sent in RUNTIME_AGENT_HEADER, as a real runtime names its agent; set when the agent is provisioned. */
  agentId?: string;
  readonly hits = { healthz: 0, readyz: 0, health: 0 };
  private startedAt = Date.now();
  private port = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeRuntime> {
    const runtime: FakeRuntime = new FakeRuntime(createServer((request, response) => runtime.answer(request, response)));
    await runtime.listen();
    return runtime;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get listening(): boolean {
    return this.server.listening;
  }

  get uptimeMs(): number {
    return Date.now() - this.startedAt + 1;
  }

  /** The process started again: its uptime starts over. */
  restart(): void {
    this.startedAt = Date.now();
  }

  /** Stops listening: probes now get connection refused. */
  async down(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Listens again on the same port, as a fresh process. */
  async up(): Promise<void> {
    this.restart();
    await this.listen();
  }

  async close(): Promise<void> {
    if (this.server.listening) await this.down();
  }

  private listen(): Promise<void> {
    return new Promise((resolve) => this.server.listen(this.port, '127.0.0.1', () => {
      this.port = (this.server.address() as AddressInfo).port;
      resolve();
    }));
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    const send = (status: number, body: unknown): void => {
      const named = this.agentId ? { [RUNTIME_AGENT_HEADER]: this.agentId } : {};
      response.writeHead(status, { 'content-type': 'application/json', ...named }).end(JSON.stringify(body));
    };
    switch (request.url) {
      case RUNTIME_PATHS.healthz:
        this.hits.healthz += 1;
        if (this.live === 'hang') return;
        return this.live === 'ok' ? send(200, { ok: true, status: 'live' }) : send(500, { ok: false, status: 'live' });
      case RUNTIME_PATHS.readyz:
        this.hits.readyz += 1;
        return this.ready
          ? send(200, { ready: true, failing: [], uptimeMs: this.uptimeMs })
          : send(503, { ready: false, failing: this.failing, uptimeMs: this.uptimeMs });
      case RUNTIME_PATHS.health:
        this.hits.health += 1;
        return send(200, { status: 'ok', agentId: this.agentId ?? '', uptimeMs: this.uptimeMs, cpuPercent: 12.5, memoryBytes: 64 * 1024 * 1024, memoryLimitBytes: 2 * 1024 ** 3 });
      default:
        return send(404, { error: 'Not found' });
    }
  }
}
