import { Injectable } from '@nestjs/common';
import {
  SUBJECTS, UnavailableError, type AgentWalletOfReply, type BillingAccountState, type BusEndpointReply, type Plan,
  type SignAgentMessageReply, type Subject, type UnsignedAgentMessage,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';

/**
 * What the bus asks other services: the wallet service who signs for an agent (and to sign for
 * one), the agents service where an agent's runtime is, billing a user's plan. A service that
 * cannot answer makes the call 503 (a delivery job retries it).
 */
@Injectable()
export class PlatformQueries {
  constructor(private readonly rpc: RpcClient) {}

  walletOf(agentId: string): Promise<AgentWalletOfReply> {
    return this.ask(SUBJECTS.wallet.agentWalletOf, { agentId });
  }

  sign(agentId: string, message: UnsignedAgentMessage): Promise<SignAgentMessageReply | null> {
    return this.ask(SUBJECTS.wallet.signAgentMessage, { agentId, message });
  }

  endpoint(agentId: string): Promise<BusEndpointReply> {
    return this.ask(SUBJECTS.agents.busEndpoint, { agentId });
  }

  async plan(userId: string): Promise<Plan> {
    return (await this.ask<BillingAccountState>(SUBJECTS.billing.account, { userId })).plan;
  }

  private async ask<T>(subject: Subject, data: unknown): Promise<T> {
    try {
      return await this.rpc.request<T>(subject, data);
    } catch {
      throw new UnavailableError();
    }
  }
}
