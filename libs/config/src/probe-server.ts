import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readiness } from './readiness.js';

export const PROBE_OPTIONS = Symbol('PROBE_OPTIONS');

export interface ProbeOptions {
  /** 0 serves no probes. */
  port: number;
  host: string;
}

/**
 * Liveness and readiness of a service that has no HTTP surface of its own, for an orchestrator's
 * probes: GET /healthz answers while the process runs; GET /readyz is 503 while a connection it
 * needs is down. The shapes are the agent runtime's (platform-core 4.11).
 */
@Injectable()
export class ProbeServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;

  constructor(private readonly readiness: Readiness, @Inject(PROBE_OPTIONS) private readonly options: ProbeOptions) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.options.port) return;
    const server = createServer((request, response) => {
      const [status, body] = this.answer(request.method, request.url);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => resolve());
    });
    this.server = server;
    new Logger('Probes').log({ msg: 'probes listening', url: `http://${this.options.host}:${this.port}` });
  }

  /** The port the probes listen on (the one configured, or the one the system gave for 0). */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  private answer(method: string | undefined, url: string | undefined): [number, object] {
    if (method !== 'GET') return [405, { error: 'Method not allowed' }];
    if (url === '/healthz') return [200, { ok: true, status: 'live' }];
    if (url !== '/readyz') return [404, { error: 'Not found' }];
    const { status, body } = this.readiness.readyz();
    return [status, body];
  }
}
