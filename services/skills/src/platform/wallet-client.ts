import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS, type AgentWalletOfReply, type AgentWalletUsdcReply, type CreateEscrowDto, type CreateSplitDto, type EscrowListView, type EscrowView, type SplitQueuedReply,
  type SplitSummaryView, type SplitTotalsView,
} from '@platform/contracts';
import type { SkillCaller } from '../actions/skill.js';
import type { SkillsEnv } from '../skills.env.js';
import { SKILLS_ENV } from '../skills.tokens.js';
import { asPlatform } from './callers.js';
import { PlatformCalls } from './platform-calls.js';

/**
 * The wallet service: agent wallets, royalty splits and escrows, through its backend routes' own
 * subjects (the platform acting for the skill's user) and its queries.
 */
@Injectable()
export class WalletClient {
  constructor(private readonly calls: PlatformCalls, @Inject(SKILLS_ENV) private readonly env: SkillsEnv) {}

  agentWallet(agentId: string): Promise<AgentWalletOfReply> {
    return this.calls.query(SUBJECTS.wallet.agentWalletOf, { agentId });
  }

  agentWalletUsdc(caller: SkillCaller, agentId: string): Promise<AgentWalletUsdcReply> {
    return this.calls.query(SUBJECTS.wallet.agentWalletUsdc, { userId: caller.userId, agentId });
  }

  createSplit(caller: SkillCaller, body: CreateSplitDto): Promise<SplitQueuedReply> {
    return this.calls.route(SUBJECTS.wallet.createSplit, this.asPlatform(caller, { body }));
  }

  splitTotals(caller: SkillCaller, agentId?: string): Promise<SplitTotalsView> {
    return this.calls.query(SUBJECTS.wallet.splitTotals, { userId: caller.userId, agentId });
  }

  openSplits(caller: SkillCaller): Promise<SplitSummaryView[]> {
    return this.calls.query(SUBJECTS.wallet.openSplits, { userId: caller.userId });
  }

  createEscrow(caller: SkillCaller, body: CreateEscrowDto): Promise<EscrowView> {
    return this.calls.route(SUBJECTS.wallet.createEscrow, this.asPlatform(caller, { body }), this.env.SKILLS_SLOW_CALL_TIMEOUT_MS);
  }

  releaseEscrow(caller: SkillCaller, bookingId: string): Promise<EscrowView> {
    return this.calls.route(SUBJECTS.wallet.releaseEscrow, this.asPlatform(caller, { params: { bookingId }, body: { userId: caller.userId } }),
      this.env.SKILLS_SLOW_CALL_TIMEOUT_MS);
  }

  escrow(caller: SkillCaller, bookingId: string): Promise<EscrowView> {
    return this.calls.route(SUBJECTS.wallet.getEscrow, this.asPlatform(caller, { params: { bookingId }, query: { userId: caller.userId } }));
  }

  escrows(caller: SkillCaller): Promise<EscrowListView> {
    return this.calls.route(SUBJECTS.wallet.listEscrows, this.asPlatform(caller, { query: { userId: caller.userId } }));
  }

  private asPlatform(caller: SkillCaller, parts: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }) {
    return { auth: asPlatform(caller.userId), requestId: caller.requestId, ...parts };
  }
}
