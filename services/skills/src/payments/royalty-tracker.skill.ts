import { Injectable } from '@nestjs/common';
import { RoyaltyTrackerDto, validateAs } from '@platform/contracts';
import type { Skill, SkillCaller } from '../actions/skill.js';
import { WalletClient } from '../platform/wallet-client.js';

/** royalty-tracker `total`: the caller's royalty splits (the wallet's), added up by its database; of one agent when agentId is given. */
@Injectable()
export class RoyaltyTrackerSkill implements Skill {
  readonly id = 'royalty-tracker';

  constructor(private readonly wallet: WalletClient) {}

  async use(caller: SkillCaller, body: unknown) {
    const request = validateAs(RoyaltyTrackerDto, body);
    const totals = await this.wallet.splitTotals(caller, request.agentId);
    return { agentId: request.agentId ?? null, totalPaidUsdc: totals.paid, splits: totals.splits, byStatus: totals.byStatus, recipients: totals.recipients };
  }
}
