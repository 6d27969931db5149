import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Readiness } from '@platform/config';
import { OpsServer } from './ops-server.js';
import { ServiceMetrics } from './service-metrics.js';

export const OPS_ADDRESS = Symbol('OPS_ADDRESS');

export interface OpsAddress {
  port: number;
  host: string;
}

/** A NATS service's ops server, started and stopped with its application. */
@Injectable()
export class OpsEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly server: OpsServer;

  constructor(metrics: ServiceMetrics, readiness: Readiness, @Inject(OPS_ADDRESS) address: OpsAddress) {
    this.server = new OpsServer({ ...address, metrics, readiness: [readiness] });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.server.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.server.close();
  }

  get url(): string | undefined {
    return this.server.url;
  }
}
