import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { getAddress, verifyMessage, type Hex } from 'viem';
import {
  AGENT_MESSAGES as M, agentChallengeMessage, ApiError, illegalTransition, type SignAgentChallengeReply, type VerificationCleared,
  type VerificationView, type WalletProof,
} from '@platform/contracts';
import { AgentEntity } from '../agents/agent.entity.js';
import { AgentLifecycle, type Scope } from '../agents/agent-lifecycle.service.js';
import { allows } from '../agents/agent-state-machine.js';
import { RuntimeClient, type HealthAnswer } from '../agents/runtime-client.js';
import { VerificationEntity } from './verification.entity.js';
import { verificationOutcome } from './verification-outcome.js';
import { WalletChallengeClient } from './wallet-challenge.client.js';

const view = (row: VerificationEntity): VerificationView => ({
  agentId: row.agentId,
  verified: row.verified,
  verificationType: row.verificationType,
  challenge: row.challenge,
  checks: row.checks,
  failures: row.failures,
  checkedAt: row.checkedAt.toISOString(),
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
});

/**
 * Proves an agent is the one the platform runs (docs/agents.md, Verification): a fresh challenge,
 * the runtime's own answer, and the agent wallet's signature over the challenge. The latest result
 * is kept, and mirrored on the agent's detail (verified, verificationType, verifiedAt).
 */
@Injectable()
export class VerificationService {
  constructor(
    private readonly lifecycle: AgentLifecycle,
    private readonly runtime: RuntimeClient,
    private readonly wallets: WalletChallengeClient,
  ) {}

  async verify(scope: Scope, id: string): Promise<VerificationView> {
    const agent = await this.lifecycle.find(scope, id);
    if (!allows('message', agent.status) || !agent.runtimeUrl) throw new ApiError(409, illegalTransition('verify', agent.status));
    const challenge = `0x${randomBytes(32).toString('hex')}`;
    const [health, signed] = await Promise.all([this.runtime.health(agent), this.wallets.sign(agent.id, challenge)]);
    const checks = { ...runtimeChecks(agent, health), wallet: await walletProof(agent.id, challenge, signed) };
    const outcome = verificationOutcome(checks, agent.runtimeVersion);
    const now = new Date();
    const row: VerificationEntity = {
      agentId: agent.id,
      userId: agent.userId,
      verified: outcome.verified,
      verificationType: outcome.verificationType,
      challenge,
      checks,
      failures: outcome.failures,
      checkedAt: now,
      verifiedAt: outcome.verified ? now : null,
    };
    await this.lifecycle.inScope(scope, async (manager) => {
      await manager.upsert(VerificationEntity, row, ['agentId']);
      await manager.update(AgentEntity, { id: agent.id }, { verified: row.verified, verificationType: row.verificationType, verifiedAt: row.verifiedAt });
    });
    return view(row);
  }

  async latest(scope: Scope, id: string): Promise<VerificationView> {
    await this.lifecycle.find(scope, id);
    const row = await this.lifecycle.inScope(scope, (manager) => manager.findOneBy(VerificationEntity, { agentId: id }));
    if (!row) throw new ApiError(404, M.verificationNotFound);
    return view(row);
  }

  async clear(scope: Scope, id: string): Promise<VerificationCleared> {
    await this.lifecycle.find(scope, id);
    await this.lifecycle.inScope(scope, async (manager) => {
      await manager.delete(VerificationEntity, { agentId: id });
      await manager.update(AgentEntity, { id }, { verified: false, verificationType: null, verifiedAt: null });
    });
    return { agentId: id, cleared: true };
  }
}

function runtimeChecks(agent: AgentEntity, health: HealthAnswer | null): Omit<VerificationView['checks'], 'wallet'> {
  const live = Boolean(health?.ok && health.body?.status === 'ok');
  const runtimeVersion = live && typeof health?.body?.version === 'string' ? health.body.version : null;
  return {
    live,
    agentIdMatches: live && health?.answeredAs === agent.id,
    runtimeVersion,
    versionMatches: runtimeVersion === agent.runtimeVersion,
  };
}

/** The wallet's signature checked here, with viem, against the address the wallet service holds for the agent. */
async function walletProof(agentId: string, challenge: string, signed: SignAgentChallengeReply | null): Promise<WalletProof | null> {
  if (!signed) return null;
  const valid = await verifyMessage({
    address: getAddress(signed.address), message: agentChallengeMessage(agentId, challenge), signature: signed.signature as Hex,
  }).catch(() => false);
  return { address: signed.address, signature: signed.signature, valid };
}
