import type { MetricsRange } from './metrics.dtos.js';

/** Percentages and money travel as strings with two decimals (extended-services 4.8); counts as numbers. */
export type DecimalString = string;

/** GET /api/metrics (extended-services 4.8), computed from what the platform records (docs/metrics.md). */
export interface PlatformMetrics {
  agents: { total: number; active: number; inactive: number; failed: number };
  messages: { today: number; thisWeek: number; thisMonth: number };
  deployments: { total: number; successful: number; failed: number };
  /** Seconds. */
  uptime: { platformUptime: number; averageAgentUptime: number };
  performance: { averageResponseTime: number; successRate: DecimalString; errorRate: DecimalString };
  /** Megabytes. */
  storage: { used: number; total: number; percentUsed: number };
}

export interface PlatformMetricsReply {
  metrics: PlatformMetrics;
  timestamp: string;
  status: 'ok';
}

export interface HistoricalPoint {
  timestamp: string;
  cpu: number;
  memory: number;
  messages: number;
  errors: number;
}

export interface HistoricalMetrics {
  userId: string;
  timeRange: MetricsRange;
  metrics: HistoricalPoint[];
  averages: { cpu: number; memory: number; messages: number; errors: number };
}

export interface PerformanceMetrics {
  cpu: number;
  memory: number;
  errorRate: DecimalString;
  /** Milliseconds; the spec's is always 0, ours is the average of the last day's answered calls. */
  responseTime: number;
}

export interface MetricsSummary {
  revenue: { month: DecimalString; total: DecimalString; change: DecimalString };
  bookings: { completed: number; pending: number; conversion: DecimalString };
  fans: { total: number; active: number; growth: DecimalString; segmentation: { superfans: number; casual: number; new: number } };
  streams: { monthlyListeners: number; monthlyStreams: number; growth: DecimalString };
  skills: { active: number; total: number; growth: DecimalString };
}
