import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BusMetricsQuery, SUBJECTS, validateAs, type BusMetricsReply } from '@platform/contracts';
import { BusMetricsService } from './bus-metrics.service.js';

/** The usage service's metrics summary asks for bookings and fans (docs/metrics.md). */
@Controller()
export class BusMetricsHandlers {
  constructor(private readonly metrics: BusMetricsService) {}

  @MessagePattern(SUBJECTS.bus.metrics)
  busMetrics(@Payload() data: unknown): Promise<BusMetricsReply> {
    return this.metrics.metrics(validateAs(BusMetricsQuery, data));
  }
}
