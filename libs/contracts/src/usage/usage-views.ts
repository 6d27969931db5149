import type { CostPeriod } from './usage-queries.dto.js';

/** GET /api/dashboard/cost (platform-core 4.10). Money in dollars, tokens as integers. */
export interface CostDashboard {
  period: CostPeriod;
  summary: { totalCost: number; totalTokens: number; totalCalls: number; avgCostPerCall: number };
  agents: { name: string; tokens: number; cost: number; calls: number; avgCostPerCall: number; model: string }[];
  daily: { date: string; cost: number; tokens: number }[];
  modelBreakdown: { model: string; percent: number; cost: number }[];
  isMockData: boolean;
  message?: string;
}

/** Items of the backend /api/usage/* queries, in the spec's snake_case. */
export interface UsageTotals {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  cost_usd: number;
}

export interface UsageSummaryItem extends UsageTotals {
  date: string;
  agent_id: string | null;
  model: string;
  provider: string;
  turn_count: number;
}

export interface UsageByAgentItem extends UsageTotals {
  model: string;
  provider: string;
  events: number;
}

export interface UsageByModelItem extends UsageTotals {
  model: string;
  provider: string;
  turns: number;
}

export interface UsageDailyItem {
  date: string;
  total_tokens: number;
  cost_usd: number;
  turns: number;
}

export interface ToolUsageItem {
  tool_name: string;
  calls: number;
  successes: number;
  avg_ms: number;
}
