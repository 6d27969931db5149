import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AgentWalletOfQuery, AgentWalletUsdcQuery, SignAgentChallengeQuery, SignAgentMessageQuery, SUBJECTS, validateAs,
  type AgentWalletOfReply, type AgentWalletUsdcReply, type SignAgentChallengeReply, type SignAgentMessageReply,
} from '@platform/contracts';
import { AgentSigner } from './agent-signer.js';
import { AgentWalletsService } from './agent-wallets.service.js';

/**
 * Service-to-service queries about agent wallets: who signs for an agent (the bus), a bus message
 * signed by that agent's wallet (the bus), a verification challenge signed by it (agents), and the
 * USDC it holds and may spend (the skills).
 */
@Controller()
export class AgentWalletQueriesHandlers {
  constructor(private readonly wallets: AgentWalletsService, private readonly signer: AgentSigner) {}

  @MessagePattern(SUBJECTS.wallet.agentWalletOf)
  walletOf(@Payload() data: unknown): Promise<AgentWalletOfReply> {
    return this.wallets.ofAgent(validateAs(AgentWalletOfQuery, data).agentId);
  }

  @MessagePattern(SUBJECTS.wallet.agentWalletUsdc)
  usdc(@Payload() data: unknown): Promise<AgentWalletUsdcReply> {
    const query = validateAs(AgentWalletUsdcQuery, data);
    return this.wallets.usdcOf(query.userId, query.agentId);
  }

  @MessagePattern(SUBJECTS.wallet.signAgentMessage)
  signMessage(@Payload() data: unknown): Promise<SignAgentMessageReply | null> {
    const query = validateAs(SignAgentMessageQuery, data);
    return this.signer.signMessage(query.agentId, query.message);
  }

  @MessagePattern(SUBJECTS.wallet.signAgentChallenge)
  signChallenge(@Payload() data: unknown): Promise<SignAgentChallengeReply | null> {
    const query = validateAs(SignAgentChallengeQuery, data);
    return this.signer.signChallenge(query.agentId, query.challenge);
  }
}
