import { Injectable } from '@nestjs/common';
import { ApiError, SKILL_MESSAGES as M } from '@platform/contracts';
import type { SkillCaller } from '../actions/skill.js';
import { WalletClient } from '../platform/wallet-client.js';

/** The wallet the platform holds for one of the caller's agents; 404 when there is none held for the caller. */
@Injectable()
export class AgentWallets {
  constructor(private readonly wallet: WalletClient) {}

  async ofCaller(caller: SkillCaller, agentId: string): Promise<string> {
    const held = await this.wallet.agentWallet(agentId);
    if (!held || held.userId !== caller.userId) throw new ApiError(404, M.walletNotFound);
    return held.address;
  }
}
