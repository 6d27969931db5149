import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ServiceMetrics } from './service-metrics.js';

/**
 * Makes a process's one ServiceMetrics what every provider of the application gets: given by the
 * root (startService, each gateway surface) so that the ops server serves the very registry the
 * libraries' and services' metrics are made on.
 */
@Global()
@Module({})
export class OpsModule {
  static forRoot(metrics: ServiceMetrics): DynamicModule {
    return { module: OpsModule, providers: [{ provide: ServiceMetrics, useValue: metrics }], exports: [ServiceMetrics] };
  }
}
