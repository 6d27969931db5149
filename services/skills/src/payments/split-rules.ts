import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { ApiError, SKILL_MESSAGES as M } from '@platform/contracts';
import { Db } from '@platform/database';
import { usdcString } from '../money/usdc.js';
import { SplitRuleEntity, type SplitRuleRecipient } from './split-rule.entity.js';

/** A user's rules listed, newest first, at most this many. */
const LIST_LIMIT = 100;

export const ruleView = (rule: SplitRuleEntity) => ({
  splitId: rule.id, agentId: rule.agentId, name: rule.name, splits: rule.recipients, thresholdUsdc: usdcString(rule.threshold),
  createdAt: rule.createdAt.toISOString(),
});

/** instant-split's rules, each the caller's own (row-level security: another user's is a 404). */
@Injectable()
export class SplitRules {
  constructor(private readonly db: Db) {}

  create(userId: string, rule: { agentId: string; name: string; recipients: SplitRuleRecipient[]; threshold: bigint }): Promise<SplitRuleEntity> {
    return this.db.withUser(userId, (manager) => manager.save(manager.create(SplitRuleEntity, { userId, ...rule })));
  }

  async find(userId: string, splitId: string): Promise<SplitRuleEntity> {
    const rule = isUUID(splitId) ? await this.db.withUser(userId, (manager) => manager.findOneBy(SplitRuleEntity, { id: splitId })) : null;
    if (!rule) throw new ApiError(404, M.splitRuleNotFound);
    return rule;
  }

  list(userId: string): Promise<SplitRuleEntity[]> {
    return this.db.withUser(userId, (manager) => manager.find(SplitRuleEntity, { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take: LIST_LIMIT }));
  }
}
