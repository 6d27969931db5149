import { Inject, Injectable } from '@nestjs/common';
import {
  AgentMetricsQuery, BusMetricsQuery, HourlyMetricsQuery, LatestMetricsQuery, LiveSamplesQuery, RevenueQuery, SUBJECTS, validateAs,
  type AgentMetricsReply, type BusMetricsReply, type HourlyMetricsReply, type LatestMetricsReply, type LiveSamplesReply,
  type MetricsScopeQuery, type RevenueReply, type Subject,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import type { UsageScope } from '../queries/usage-queries.service.js';
import type { UsageEnv } from '../usage.env.js';
import { USAGE_ENV } from '../usage.tokens.js';

/**
 * The aggregates other services own (docs/metrics.md): each answers from its own schema, computed
 * by its database. Every question is held to its contract before it leaves; a failure or a late
 * answer throws, and the metrics route answers it as the spec's 500.
 */
@Injectable()
export class MetricsPeersClient {
  constructor(private readonly rpc: RpcClient, @Inject(USAGE_ENV) private readonly env: UsageEnv) {}

  agents(scope: UsageScope, months: { monthStart: Date; previousMonthStart: Date }): Promise<AgentMetricsReply> {
    return this.ask(SUBJECTS.agents.metrics, AgentMetricsQuery, { ...peerScope(scope), ...isoOf(months) });
  }

  liveSamples(userId: string): Promise<LiveSamplesReply> {
    return this.ask(SUBJECTS.agents.liveSamples, LiveSamplesQuery, { userId });
  }

  hourlyContainers(scope: UsageScope, from: Date, to: Date): Promise<HourlyMetricsReply> {
    return this.ask(SUBJECTS.watchdog.hourlyMetrics, HourlyMetricsQuery, { ...peerScope(scope), ...isoOf({ from, to }) });
  }

  latestContainers(scope: UsageScope, since: Date): Promise<LatestMetricsReply> {
    return this.ask(SUBJECTS.watchdog.latestMetrics, LatestMetricsQuery, { ...peerScope(scope), ...isoOf({ since }) });
  }

  /** Revenue from both of its sources, each summed by its owner: completed royalty splits (wallet) and ticket sales (skills). */
  async revenue(userId: string, months: { monthStart: Date; previousMonthStart: Date }): Promise<RevenueReply> {
    const query = { userId, ...isoOf(months) };
    const parts = await Promise.all([
      this.ask<RevenueReply>(SUBJECTS.wallet.splitRevenue, RevenueQuery, query),
      this.ask<RevenueReply>(SUBJECTS.skills.ticketRevenue, RevenueQuery, query),
    ]);
    const sum = (field: keyof RevenueReply) => parts.reduce((total, part) => total + BigInt(part[field]), 0n).toString();
    return { month: sum('month'), previousMonth: sum('previousMonth'), total: sum('total') };
  }

  bus(agentIds: string[], windows: { activeSince: Date; monthStart: Date; previousMonthStart: Date }): Promise<BusMetricsReply> {
    return this.ask(SUBJECTS.bus.metrics, BusMetricsQuery, { agentIds, ...isoOf(windows) });
  }

  private ask<T>(subject: Subject, contract: new () => object, query: object): Promise<T> {
    return this.rpc.request<T>(subject, validateAs(contract, query), this.env.METRICS_QUERY_TIMEOUT_MS);
  }
}

function peerScope(scope: UsageScope): MetricsScopeQuery {
  return 'userId' in scope ? { userId: scope.userId } : { everyone: true };
}

function isoOf<K extends string>(instants: Record<K, Date>): Record<K, string> {
  return Object.fromEntries(Object.entries<Date>(instants).map(([key, at]) => [key, at.toISOString()])) as Record<K, string>;
}
