import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AgentWalletBalanceQuery, AgentWalletParams, created, CreateAgentWalletDto, ok, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { AgentWalletsService } from './agent-wallets.service.js';

/** Backend (bearer) routes of agent wallets (extended-services 4.2): the caller names the user. */
@Controller()
export class AgentWalletsHandlers {
  constructor(private readonly wallets: AgentWalletsService) {}

  /** 201 when the wallet is made, 200 with the same wallet when the agent already has it. */
  @MessagePattern(SUBJECTS.wallet.createAgentWallet)
  async create(@Payload() envelope: Envelope) {
    const { userId, agentId } = validateAs(CreateAgentWalletDto, envelope.body);
    const { wallet, created: made } = await this.wallets.findOrCreate(userId, agentId);
    return made ? created(wallet) : ok(wallet);
  }

  @MessagePattern(SUBJECTS.wallet.agentWalletBalance)
  async balance(@Payload() envelope: Envelope) {
    const { address } = validateAs(AgentWalletParams, envelope.params);
    const { userId } = validateAs(AgentWalletBalanceQuery, envelope.query);
    return ok(await this.wallets.balance(userId, address));
  }
}
