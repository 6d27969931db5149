import { Injectable } from '@nestjs/common';
import { ApiError, SKILL_MESSAGES as M, type AgentWalletUsdcReply } from '@platform/contracts';
import type { SkillCaller } from '../actions/skill.js';
import { WalletClient } from '../platform/wallet-client.js';

/** The wallet the platform holds for one of the caller's agents. */
@Injectable()
export class AgentWallets {
  constructor(private readonly wallet: WalletClient) {}

  /** Its address, balance and what a payout may take of it, as the wallet counts them; 404 when the agent has no wallet held for the caller. */
  async usdcOf(caller: SkillCaller, agentId: string): Promise<NonNullable<AgentWalletUsdcReply>> {
    const usdc = await this.wallet.agentWalletUsdc(caller, agentId);
    if (!usdc) throw new ApiError(404, M.walletNotFound);
    return usdc;
  }

  /** Null when the agent has no wallet held for the caller: another user's wallet is not the caller's to know of. */
  async heldFor(caller: SkillCaller, agentId: string): Promise<string | null> {
    const held = await this.wallet.agentWallet(agentId);
    return held?.userId === caller.userId ? held.address : null;
  }
}
