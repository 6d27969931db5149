import { Injectable } from '@nestjs/common';
import { ApiError, SKILL_MESSAGES as M } from '@platform/contracts';
import type { SkillCaller } from '../actions/skill.js';
import { WalletClient } from '../platform/wallet-client.js';

/** The wallet the platform holds for one of the caller's agents. */
@Injectable()
export class AgentWallets {
  constructor(private readonly wallet: WalletClient) {}

  /** 404 when the agent has no wallet held for the caller. */
  async ofCaller(caller: SkillCaller, agentId: string): Promise<string> {
    const address = await this.heldFor(caller, agentId);
    if (!address) throw new ApiError(404, M.walletNotFound);
    return address;
  }

  /** Null when the agent has no wallet held for the caller: another user's wallet is not the caller's to know of. */
  async heldFor(caller: SkillCaller, agentId: string): Promise<string | null> {
    const held = await this.wallet.agentWallet(agentId);
    return held?.userId === caller.userId ? held.address : null;
  }
}
