import { Module, type DynamicModule } from '@nestjs/common';
import type { Surface } from '@platform/contracts';
import { MessagingModule } from '@platform/messaging';
import { OpsModule, type ServiceMetrics } from '@platform/ops';
import { RedisModule } from '@platform/queue';
import { QueueBoard } from './admin/queue-board.js';
import { AuthResolver } from './auth/auth-resolver.js';
import type { GatewayEnv } from './gateway.env.js';
import { GATEWAY_ENV, SURFACE } from './gateway.tokens.js';
import { EdgeHealthService } from './health/edge-health.service.js';
import { HostMetrics } from './health/host-metrics.js';
import { RateLimiter } from './limits/rate-limiter.js';
import { RoutePipeline } from './routing/route-pipeline.js';
import { StreamRelay } from './routing/stream-relay.js';
import { RouteRegistrar } from './routing/route-registrar.js';
import { ServiceOutages } from './routing/service-outages.js';

export const GATEWAY_SERVICE = 'gateway';

/** One module per surface; a gateway process runs the three side by side, each on its own port, with one set of metrics. */
@Module({})
export class GatewayModule {
  static forSurface(surface: Surface, env: GatewayEnv, metrics: ServiceMetrics): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        OpsModule.forRoot(metrics),
        MessagingModule.forService(GATEWAY_SERVICE, env),
        // Limits fall back to memory without Redis: the edge keeps serving, degraded.
        RedisModule.forRoot(env.REDIS_URL, { optional: true }),
      ],
      providers: [
        { provide: GATEWAY_ENV, useValue: env },
        { provide: SURFACE, useValue: surface },
        HostMetrics,
        EdgeHealthService,
        RateLimiter,
        ServiceOutages,
        AuthResolver,
        RoutePipeline,
        StreamRelay,
        RouteRegistrar,
        ...(surface === 'backend' ? [QueueBoard] : []),
      ],
    };
  }
}
