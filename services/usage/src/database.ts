import type { ServiceDatabase } from '@platform/database';
import { UsageInitial1763800000000 } from './migrations/1763800000000-usage-initial.js';
import { UsageBilledTo1764000000000 } from './migrations/1764000000000-usage-billed-to.js';
import { UsageApiKey1764100000000 } from './migrations/1764100000000-usage-api-key.js';
import { UsageCallOutcomes1764500000000 } from './migrations/1764500000000-usage-call-outcomes.js';
import { ToolUsageEntity } from './tool-usage/tool-usage.entity.js';
import { UsageLogEntity } from './usage-logs/usage-log.entity.js';

export const usageDatabase: ServiceDatabase = {
  schema: 'usage',
  entities: [UsageLogEntity, ToolUsageEntity],
  migrations: [UsageInitial1763800000000, UsageBilledTo1764000000000, UsageApiKey1764100000000, UsageCallOutcomes1764500000000],
};
