import { costMicros, USAGE_MESSAGES, type CostDashboard, type CostPeriod } from '@platform/contracts';
import type { UsageRow } from '../usage-logs/daily-rollup.js';
import { costDashboard } from './cost-dashboard.js';
import type { DayRange } from '../queries/day-range.js';

/** Made-up agents whose usage a new user sees, labelled as sample data, until their own arrives. */
const SAMPLE_AGENTS = [
  { agentId: 'sample-research', name: 'Research Assistant (sample)', model: 'anthropic/claude-sonnet-4-5', provider: 'anthropic', input: 42_000, output: 9_000, calls: 14 },
  { agentId: 'sample-support', name: 'Support Bot (sample)', model: 'openai/gpt-4o-mini', provider: 'openai', input: 120_000, output: 30_000, calls: 60 },
  { agentId: 'sample-coder', name: 'Code Reviewer (sample)', model: 'google/gemini-2.5-flash', provider: 'openrouter', input: 65_000, output: 12_000, calls: 22 },
] as const;

/** Varies by day so the chart has a shape; the same period always gives the same figures. */
function sampleRows(window: DayRange): UsageRow[] {
  return window.days.flatMap((day, index) => SAMPLE_AGENTS.map((agent) => {
    const scale = 1 + ((index * 7 + agent.calls) % 5) / 4;
    const inputTokens = Math.round(agent.input * scale);
    const outputTokens = Math.round(agent.output * scale);
    return {
      day, agentId: agent.agentId, model: agent.model, provider: agent.provider,
      inputTokens, outputTokens, costMicros: costMicros(agent.model, inputTokens, outputTokens), calls: Math.round(agent.calls * scale),
    };
  }));
}

const SAMPLE_NAMES = Object.fromEntries(SAMPLE_AGENTS.map((agent) => [agent.agentId, agent.name]));

/** The spec's fallback when there is no usage to show (or it cannot be read). */
export function sampleDashboard(period: CostPeriod, window: DayRange): CostDashboard {
  return { ...costDashboard(period, window, sampleRows(window), SAMPLE_NAMES), isMockData: true, message: USAGE_MESSAGES.sampleData };
}
