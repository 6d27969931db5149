import { Injectable } from '@nestjs/common';
import { InstantSplitDto, validateAs } from '@platform/contracts';
import type { Skill, SkillCaller } from '../actions/skill.js';
import { usdcString, usdcUnits } from '../money/usdc.js';
import { AgentsClient } from '../platform/agents-client.js';
import { WalletClient } from '../platform/wallet-client.js';
import { AgentWallets } from './agent-wallets.js';
import { ruleRecipients, sharesOf } from './split-shares.js';
import { ruleView, SplitRules } from './split-rules.js';

/**
 * instant-split: rules that share an agent wallet's USDC (create_split_rule), paid through the
 * wallet's royalty splits on chain (execute_split), the wallet's balance (get_balance), the splits
 * still being paid (list_pending), and what a rule would pay for a number of streams (simulate).
 */
@Injectable()
export class InstantSplitSkill implements Skill {
  readonly id = 'instant-split';

  constructor(
    private readonly rules: SplitRules,
    private readonly agents: AgentsClient,
    private readonly wallets: AgentWallets,
    private readonly wallet: WalletClient,
  ) {}

  async use(caller: SkillCaller, body: unknown) {
    const request = validateAs(InstantSplitDto, body);
    switch (request.action) {
      case 'create_split_rule': return this.createRule(caller, request);
      case 'execute_split': return this.execute(caller, request);
      case 'get_balance': return this.balance(caller, request);
      case 'simulate': return this.simulate(caller, request);
      default: return this.pending(caller);
    }
  }

  /** The recipients are checked against the agent's wallet before its ownership, so a bad body is a 400 whoever's agent it names. */
  private async createRule(caller: SkillCaller, request: InstantSplitDto) {
    const recipients = ruleRecipients(request.splits!, await this.wallets.heldFor(caller, request.agentId!));
    await this.agents.requireOwned(caller, request.agentId!);
    const rule = await this.rules.create(caller.userId, {
      agentId: request.agentId!, name: request.name?.trim() || 'Instant split', recipients, threshold: usdcUnits(request.threshold ?? 0),
    });
    return { splitId: rule.id, rule: ruleView(rule) };
  }

  /**
   * Splits `amount`, or without one the agent wallet's whole balance as the wallet counts it
   * (what its recorded transfers leave spendable, exact text), once it reaches the rule's
   * threshold: a royalty split of the wallet service, queued and paid on chain.
   */
  private async execute(caller: SkillCaller, request: InstantSplitDto) {
    const rule = await this.rules.find(caller.userId, request.splitId!);
    const { address, spendable } = await this.wallets.usdcOf(caller, rule.agentId);
    const amount = usdcUnits(request.amount ?? spendable);
    const outcome = { splitId: rule.id, amountUsdc: usdcString(amount), thresholdUsdc: usdcString(rule.threshold) };
    if (amount === 0n || amount < rule.threshold) return { ...outcome, executed: false, walletSplitId: null, status: null };
    const queued = await this.wallet.createSplit(caller, {
      userId: caller.userId, agentId: rule.agentId, fromAddress: address, name: rule.name, totalAmount: usdcString(amount),
      recipients: rule.recipients.map((recipient) => ({ address: recipient.recipientAddress, share: recipient.percentage })),
    });
    return { ...outcome, executed: true, walletSplitId: queued.splitId, status: queued.status };
  }

  private async balance(caller: SkillCaller, request: InstantSplitDto) {
    const agentId = request.splitId !== undefined ? (await this.rules.find(caller.userId, request.splitId)).agentId : request.agentId!;
    const usdc = await this.wallets.usdcOf(caller, agentId);
    // balanceUsdc stays the number 4.2's balance route answers, made from the wallet's exact text.
    return { agentId, address: usdc.address, balanceUsdc: Number(usdc.balance), spendableUsdc: usdc.spendable };
  }

  private async pending(caller: SkillCaller) {
    const [pending, rules] = await Promise.all([this.wallet.openSplits(caller), this.rules.list(caller.userId)]);
    return { pending, count: pending.length, rules: rules.map(ruleView) };
  }

  /** Streams times the per-stream rate, shared by the rule (or the splits given) as the wallet would: nothing moves. */
  private async simulate(caller: SkillCaller, request: InstantSplitDto) {
    const rule = request.splitId !== undefined ? await this.rules.find(caller.userId, request.splitId) : undefined;
    const recipients = rule?.recipients ?? ruleRecipients(request.splits!, null);
    const threshold = request.threshold !== undefined ? usdcUnits(request.threshold) : rule?.threshold ?? 0n;
    const revenue = BigInt(request.streams!) * usdcUnits(request.rate!);
    return {
      streams: request.streams, rateUsdc: usdcString(usdcUnits(request.rate!)), revenueUsdc: usdcString(revenue), thresholdUsdc: usdcString(threshold),
      meetsThreshold: revenue > 0n && revenue >= threshold, payouts: sharesOf(recipients, revenue), moved: false,
    };
  }
}
