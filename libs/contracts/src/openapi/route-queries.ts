import { BrowseReadQuery, BrowseTreeQuery, BrowseWorkspaceQuery, GitDiffQuery, GitLogQuery } from '../agents/explorer.dtos.js';
import { AgentIdDto } from '../agents/agent.dtos.js';
import { InstanceQuery } from '../agents/runtime-instances.js';
import { CalendarGetActionDto } from '../calendar/calendar-actions.js';
import { CalendarAvailabilityDto, CalendarUserDto, ListCalendarEventsDto } from '../calendar/calendar.dtos.js';
import { ColonyStatusQuery } from '../feeds/colony.js';
import { DatafeedsQuery } from '../feeds/datafeeds.dtos.js';
import { GateTokenAccessDto } from '../identity/gate-token-access.dto.js';
import { HistoricalMetricsQuery } from '../metrics/metrics.dtos.js';
import { ListScheduledTasksQuery } from '../scheduler/scheduled-task.dtos.js';
import { ListSkillsQuery } from '../skills/skill.dtos.js';
import { SUBJECTS, type Subject } from '../subjects.js';
import { CostDashboardQuery, ToolUsageQuery, UsageDaysQuery } from '../usage/usage-queries.dto.js';
import { AgentWalletBalanceQuery } from '../wallet/agent-wallet.dtos.js';
import { EscrowUserDto } from '../wallet/escrow.js';
import { TopUpQuery } from '../wallet/top-up.js';
import { TransactionsQuery } from '../wallet/transactions.js';

const { identity: id, agents: ag, calendar, scheduler, feeds, skills, usage, wallet } = SUBJECTS;

type QueryClass = new () => object;

/**
 * The class-validator class each subject's handler holds a GET's query to (`validateAs(Query,
 * envelope.query)` in the service), as ROUTE_BODIES does for bodies; the API document turns its
 * properties into `in: query` parameters of the subject's GET routes. A handler that reads the
 * query by a first class's field (GET /api/calendar's `action`) lists that class, then the classes
 * it reads the rest with: their fields are described as optional, each only read by one of them.
 * Not here, because the body names the same field and the query is only a fallback: DELETE
 * /api/scheduled-tasks' taskId, POST and DELETE /api/skills' skillId and agentId, the explorer's
 * write and sync agentId.
 */
export const ROUTE_QUERIES: Partial<Record<Subject, QueryClass | readonly [QueryClass, ...QueryClass[]]>> = {
  [id.gateTokenAccess]: GateTokenAccessDto,
  [ag.browseTree]: BrowseTreeQuery,
  [ag.browseRead]: BrowseReadQuery,
  [ag.gitStatus]: BrowseWorkspaceQuery,
  [ag.gitDiff]: GitDiffQuery,
  [ag.gitLog]: GitLogQuery,
  [ag.instanceHealth]: InstanceQuery,
  [ag.instanceStats]: InstanceQuery,
  [ag.getHeartbeat]: AgentIdDto,
  [calendar.query]: [CalendarGetActionDto, ListCalendarEventsDto, CalendarAvailabilityDto, CalendarUserDto],
  [scheduler.listTasks]: ListScheduledTasksQuery,
  [feeds.datafeeds]: DatafeedsQuery,
  [feeds.colonyStatus]: ColonyStatusQuery,
  [skills.list]: ListSkillsQuery,
  [usage.costDashboard]: CostDashboardQuery,
  [usage.summary]: UsageDaysQuery,
  [usage.byAgent]: UsageDaysQuery,
  [usage.byModel]: UsageDaysQuery,
  [usage.daily]: UsageDaysQuery,
  [usage.tools]: ToolUsageQuery,
  [usage.metricsHistorical]: HistoricalMetricsQuery,
  [wallet.transactions]: TransactionsQuery,
  [wallet.agentWalletBalance]: AgentWalletBalanceQuery,
  [wallet.topUp]: TopUpQuery,
  [wallet.listEscrows]: EscrowUserDto,
  [wallet.getEscrow]: EscrowUserDto,
};
