import { randomUUID } from 'node:crypto';
import { MODEL_CATALOGUE, costMicros } from '../ai/model-catalogue.js';
import { ApiError } from '../api-error.js';
import { validateAs } from '../validate.js';
import { MAX_TOOL_DURATION_MS, MAX_USAGE_TOKENS, ToolUsageJob, UsageEventJob } from './usage-jobs.js';

const usageEvent = (overrides: Partial<UsageEventJob>) => ({
  eventId: randomUUID(), userId: 'user-1', agentId: 'agent-1', model: 'anthropic/claude-opus-4-6', provider: 'anthropic',
  inputTokens: 100, outputTokens: 50, endpoint: '/api/ai/chat', occurredAt: new Date().toISOString(), ...overrides,
});
const toolCall = (overrides: Partial<ToolUsageJob>) => ({
  eventId: randomUUID(), userId: 'user-1', agentId: 'agent-1', toolName: 'web_search', success: true,
  durationMs: 120, occurredAt: new Date().toISOString(), ...overrides,
});

describe('UsageEventJob', () => {
  it('accepts the most tokens the columns hold, both ways', () => {
    expect(validateAs(UsageEventJob, usageEvent({ inputTokens: MAX_USAGE_TOKENS, outputTokens: MAX_USAGE_TOKENS }))).toBeInstanceOf(UsageEventJob);
  });

  it('keeps the dearest call within cost_usd numeric(10,6)', () => {
    const dearest = Math.max(...MODEL_CATALOGUE.map((model) => costMicros(model.id, MAX_USAGE_TOKENS, MAX_USAGE_TOKENS)));
    expect(dearest).toBeLessThanOrEqual(9_999_999_999);
  });

  it.each(['inputTokens', 'outputTokens'] as const)('rejects %s past the bound, so the job fails alone and not its batch', (field) => {
    expect(() => validateAs(UsageEventJob, usageEvent({ [field]: MAX_USAGE_TOKENS + 1 }))).toThrow(ApiError);
  });

  it.each(['platform', 'user', undefined] as const)('accepts billedTo %j', (billedTo) => {
    expect(validateAs(UsageEventJob, usageEvent({ billedTo }))).toBeInstanceOf(UsageEventJob);
  });

  it('rejects a billedTo other than platform or user', () => {
    expect(() => validateAs(UsageEventJob, { ...usageEvent({}), billedTo: 'partner' })).toThrow(ApiError);
  });
});

describe('ToolUsageJob', () => {
  it('accepts the longest duration an int4 column holds', () => {
    expect(validateAs(ToolUsageJob, toolCall({ durationMs: MAX_TOOL_DURATION_MS }))).toBeInstanceOf(ToolUsageJob);
  });

  it('rejects a duration past the bound', () => {
    expect(() => validateAs(ToolUsageJob, toolCall({ durationMs: MAX_TOOL_DURATION_MS + 1 }))).toThrow(ApiError);
  });
});
