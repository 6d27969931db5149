import { Logger } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readiness } from '@platform/config';
import type { ServiceMetrics } from './service-metrics.js';

export interface OpsServerOptions {
  /** OPS_PORT; 0 takes a free port (tests, and a process nobody scrapes), logged at boot. */
  port: number;
  host: string;
  metrics: ServiceMetrics;
  /** More than one for the gateway, whose three surfaces each watch their own connections. */
  readiness: Readiness[];
}

/**
 * A service's operator surface, apart from its API so that nothing of it is reachable from the
 * edge: GET /metrics (Prometheus text), GET /livez (answers while the process runs) and GET
 * /readyz (503 while a connection it cannot serve without is down, the agent runtime's shape).
 */
export class OpsServer {
  private server?: Server;
  private readonly logger = new Logger('Ops');

  constructor(private readonly options: OpsServerOptions) {}

  /** Resolves to the URL it serves on. */
  async start(): Promise<string> {
    const server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => resolve());
    });
    this.server = server;
    const url = this.url!;
    this.logger.log({ msg: 'ops listening', url });
    return url;
  }

  /** Where /metrics, /livez and /readyz answer, once started. */
  get url(): string | undefined {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address ? `http://${this.options.host}:${address.port}` : undefined;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET') return json(response, 405, { error: 'Method not allowed' });
    if (request.url === '/livez') return json(response, 200, { ok: true, status: 'live' });
    if (request.url === '/readyz') return this.readyz(response);
    if (request.url !== '/metrics') return json(response, 404, { error: 'Not found' });
    try {
      const text = await this.options.metrics.text();
      response.writeHead(200, { 'content-type': this.options.metrics.registry.contentType });
      response.end(text);
    } catch (error) {
      // A collector that failed (a queue's Redis away) is the scrape's failure, not the process's.
      this.logger.warn({ msg: 'metrics collection failed', cause: String(error) });
      json(response, 500, { error: 'Metrics collection failed' });
    }
  }

  private readyz(response: ServerResponse): void {
    const reports = this.options.readiness.map((readiness) => readiness.report());
    const failing = [...new Set(reports.flatMap((report) => report.failing))];
    const degraded = [...new Set(reports.flatMap((report) => report.degraded))];
    json(response, failing.length ? 503 : 200, { ready: failing.length === 0, failing, degraded, uptimeMs: Math.round(process.uptime() * 1000) });
  }
}

function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
