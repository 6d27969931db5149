import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RevenueQuery, SUBJECTS, validateAs, type RevenueReply } from '@platform/contracts';
import { SplitRevenueService } from './split-revenue.service.js';

/** The usage service's metrics summary asks for a user's split revenue (docs/metrics.md). */
@Controller()
export class SplitRevenueHandlers {
  constructor(private readonly revenue: SplitRevenueService) {}

  @MessagePattern(SUBJECTS.wallet.splitRevenue)
  splitRevenue(@Payload() data: unknown): Promise<RevenueReply> {
    return this.revenue.revenue(validateAs(RevenueQuery, data));
  }
}
