import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CostDashboardQuery, ok, requireUser, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { CostDashboardService } from './cost-dashboard.service.js';

@Controller()
export class CostDashboardHandlers {
  constructor(private readonly dashboard: CostDashboardService) {}

  @MessagePattern(SUBJECTS.usage.costDashboard)
  async cost(@Payload() envelope: Envelope) {
    const { period } = validateAs(CostDashboardQuery, envelope.query);
    return ok(await this.dashboard.forUser(requireUser(envelope).userId, period));
  }
}
