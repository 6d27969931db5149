import { Inject, Injectable, Logger } from '@nestjs/common';
import { Readiness } from '@platform/config';
import { SUBJECTS, type BackendHealthView, type EdgeHandler, type HostingStatusReply, type Reply } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { GATEWAY_ENV } from '../gateway.tokens.js';
import type { GatewayEnv } from '../gateway.env.js';
import { healthOf } from './host-health.js';
import { HostMetrics } from './host-metrics.js';

/** The health routes the edge answers itself: the two of platform-core 4.11, and its readiness. */
@Injectable()
export class EdgeHealthService {
  private readonly logger = new Logger(EdgeHealthService.name);

  constructor(
    private readonly metrics: HostMetrics,
    private readonly rpc: RpcClient,
    private readonly readiness: Readiness,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  answer(handler: Exclude<EdgeHandler, 'apiDocument'>): Promise<Reply> {
    // 503 while this surface cannot reach NATS; a Redis outage only degrades it (limits counted in memory).
    if (handler === 'readiness') return Promise.resolve(this.readiness.readyz());
    return handler === 'hostHealth' ? Promise.resolve(this.host()) : this.backend();
  }

  private host(): Reply {
    const timestamp = new Date().toISOString();
    try {
      const reading = this.metrics.read();
      return { status: 200, body: { status: 'ok', health: healthOf(reading.cpu.usage, reading.memory.usage), timestamp, ...reading } };
    } catch (error) {
      this.logger.error(`Could not read host metrics: ${String(error)}`);
      return { status: 500, body: { status: 'error', health: 'unhealthy', timestamp } };
    }
  }

  /** Always 200: an agents service that does not answer in time reads as unavailable and disabled. */
  private async backend(): Promise<Reply<BackendHealthView>> {
    const status = await this.rpc
      .request<HostingStatusReply>(SUBJECTS.agents.hostingStatus, {}, this.env.HEALTH_PROBE_TIMEOUT_MS)
      .catch(() => null);
    return {
      status: 200,
      body: {
        status: 'ok',
        timestamp: new Date().toISOString(),
        docker: status?.reachable ? 'available' : 'unavailable',
        provisioning: status?.provisioningEnabled ? 'enabled' : 'disabled',
        provider: status?.provider ?? this.env.HOSTING_PROVIDER,
      },
    };
  }
}
