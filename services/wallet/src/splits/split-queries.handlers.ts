import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OpenSplitsQuery, SUBJECTS, UserSplitsQuery, validateAs, type SplitSummaryView, type SplitTotalsView } from '@platform/contracts';
import { SplitReports } from './split-reports.js';

/** Service to service: a user's splits added up, and those still being paid (the skills service). */
@Controller()
export class SplitQueriesHandlers {
  constructor(private readonly reports: SplitReports) {}

  @MessagePattern(SUBJECTS.wallet.splitTotals)
  totals(@Payload() data: unknown): Promise<SplitTotalsView> {
    const query = validateAs(UserSplitsQuery, data);
    return this.reports.totals(query.userId, query.agentId);
  }

  @MessagePattern(SUBJECTS.wallet.openSplits)
  open(@Payload() data: unknown): Promise<SplitSummaryView[]> {
    return this.reports.open(validateAs(OpenSplitsQuery, data).userId);
  }
}
