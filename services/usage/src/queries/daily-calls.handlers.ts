import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DailyCallsQuery, SUBJECTS, validateAs, type DailyCallsReply } from '@platform/contracts';
import { Clock } from '../clock.js';
import { utcDay } from '../usage-logs/daily-rollup.js';
import { UsageQueriesService } from './usage-queries.service.js';

/**
 * Service-to-service query (data in, data out, no envelope): billing shows the answer as daily units
 * used. A failure (a bad user id, the database away) is the reply's error, never zero calls.
 */
@Controller()
export class DailyCallsHandlers {
  constructor(private readonly queries: UsageQueriesService, private readonly clock: Clock) {}

  @MessagePattern(SUBJECTS.usage.dailyCalls)
  async dailyCalls(@Payload() data: unknown): Promise<DailyCallsReply> {
    const { userId } = validateAs(DailyCallsQuery, data);
    const day = utcDay(this.clock.now());
    return { calls: await this.queries.callsOn(userId, day), day };
  }
}
