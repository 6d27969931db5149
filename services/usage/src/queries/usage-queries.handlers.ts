import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ApiError, forbidden, ok, requireUser, SUBJECTS, ToolUsageQuery, USAGE_MESSAGES as M, UsageAgentParams, UsageDaysQuery, validateAs, type Envelope,
} from '@platform/contracts';
import { Clock } from '../clock.js';
import { lastDays } from './day-range.js';
import { EVERYONE, UsageQueriesService, type UsageScope } from './usage-queries.service.js';

/** The spec's `days` defaults: 7 for the daily and tool views, 30 for the rest. */
const DEFAULT_DAYS = { long: 30, short: 7 } as const;

/**
 * Backend (bearer) queries. The caller names a user with `x-user-id`; without it the figures
 * cover every user (docs/spec-decisions.md).
 */
@Controller()
export class UsageQueriesHandlers {
  constructor(private readonly queries: UsageQueriesService, private readonly clock: Clock) {}

  @MessagePattern(SUBJECTS.usage.summary)
  async summary(@Payload() envelope: Envelope) {
    return ok(await this.queries.summary(scopeOf(envelope), this.range(envelope, DEFAULT_DAYS.long)));
  }

  @MessagePattern(SUBJECTS.usage.byAgent)
  async byAgent(@Payload() envelope: Envelope) {
    const { agentId } = validateAs(UsageAgentParams, envelope.params);
    return ok(await this.queries.byAgent(scopeOf(envelope), this.range(envelope, DEFAULT_DAYS.long), agentId));
  }

  @MessagePattern(SUBJECTS.usage.byModel)
  async byModel(@Payload() envelope: Envelope) {
    return ok(await this.queries.byModel(scopeOf(envelope), this.range(envelope, DEFAULT_DAYS.long)));
  }

  @MessagePattern(SUBJECTS.usage.daily)
  async daily(@Payload() envelope: Envelope) {
    return ok(await this.queries.daily(scopeOf(envelope), this.range(envelope, DEFAULT_DAYS.short)));
  }

  @MessagePattern(SUBJECTS.usage.tools)
  async tools(@Payload() envelope: Envelope) {
    const { agentId, days } = validateAs(ToolUsageQuery, envelope.query);
    return ok(await this.queries.tools(scopeOf(envelope), lastDays(days ?? DEFAULT_DAYS.short, this.clock.now()), agentId));
  }

  private range(envelope: Envelope, defaultDays: number) {
    return lastDays(validateAs(UsageDaysQuery, envelope.query).days ?? defaultDays, this.clock.now());
  }
}

/**
 * Only a bearer caller may ask for everyone's usage, and only by leaving `x-user-id` out: a header
 * sent empty (an unset variable in the caller's template) must not widen the query to every user.
 */
function scopeOf(envelope: Envelope): UsageScope {
  if (requireUser(envelope).via !== 'internal') throw forbidden();
  const userId = envelope.headers['x-user-id'];
  if (userId === undefined) return EVERYONE;
  if (!userId.trim()) throw new ApiError(400, M.emptyUserId);
  return { userId };
}
