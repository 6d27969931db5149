import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUniqueViolation } from '@platform/database';
import { AGENT_MESSAGES as M, ApiError, CLONE_CURRENCY, type AgentPlan, type AuthContext, type CloneAgentDto, type CloneResult } from '@platform/contracts';
import { AgentLifecycle } from '../agents/agent-lifecycle.service.js';
import { createdAgent } from '../agents/agent-views.js';
import { scopeOf } from '../agents/agents.service.js';
import { ProvisioningService } from '../agents/provisioning.service.js';
import { limitOf } from '../agents/provisioning-limits.js';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { HostingProvider } from '../hosting/hosting.provider.js';
import { CloneEntity } from './clone.entity.js';
import { ClonePayments, type ConfirmedPayment } from './clone-payments.js';

/**
 * POST /api/agents/clone: a paid copy of an agent its caller owns (any agent for a bearer caller),
 * with the parent's plan, model and config and a copy of its memory, counted against the same
 * provisioning limits as any new agent.
 */
@Injectable()
export class ClonesService {
  constructor(
    private readonly lifecycle: AgentLifecycle,
    private readonly provisioning: ProvisioningService,
    private readonly payments: ClonePayments,
    private readonly hosting: HostingProvider,
    @Inject(AGENTS_ENV) private readonly env: AgentsEnv,
  ) {}

  health() {
    return this.payments.health();
  }

  async clone(auth: AuthContext, dto: CloneAgentDto): Promise<CloneResult> {
    this.provisioning.requireProvisioning();
    this.provisioning.requirePayer(auth);
    const scope = scopeOf(auth);
    const parent = await this.lifecycle.find(scope, dto.parentAgentId);
    const payment = await this.payments.confirm(dto.paymentProof);
    const generation = (dto.generation ?? 1) + 1;
    const specialization = dto.specialization ?? 'general';
    const agent = await this.provisioning.deploy({
      userId: parent.userId,
      name: dto.name.trim(),
      plan: parent.plan as AgentPlan,
      model: parent.model,
      aiProvider: parent.aiProvider,
      config: { ...parent.config, specialization },
    }, scope, limitOf(auth, parent.plan as AgentPlan), {
      record: (manager, agentId) => spend(manager, payment, { agentId, userId: parent.userId, parentAgentId: parent.id, generation, specialization }),
      seed: (agentId) => this.hosting.copyMemory(parent.id, agentId),
    });
    return {
      success: true,
      agent: { ...createdAgent(agent, this.env.AGENT_DOMAIN), parentAgentId: parent.id, generation, specialization },
      payment: {
        transactionHash: payment.transactionHash,
        amount: payment.amount,
        currency: CLONE_CURRENCY,
        chainId: payment.chainId,
        from: payment.payer,
        to: payment.payee,
      },
    };
  }
}

type CloneFields = Pick<CloneEntity, 'agentId' | 'userId' | 'parentAgentId' | 'generation' | 'specialization'>;

/** The payment is spent with the agent's insert: a hash already spent (by anyone) refuses the clone and rolls the agent back. */
async function spend(manager: EntityManager, payment: ConfirmedPayment, clone: CloneFields): Promise<void> {
  try {
    await manager.insert(CloneEntity, {
      ...clone, transactionHash: payment.transactionHash, chainId: payment.chainId, payer: payment.payer, amountUnits: payment.units.toString(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, M.paymentUsed);
    throw error;
  }
}
