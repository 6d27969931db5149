import { Injectable } from '@nestjs/common';
import {
  agentChallengeMessage, agentMessageTypedData, type SignAgentChallengeReply, type SignAgentMessageReply, type UnsignedAgentMessage,
} from '@platform/contracts';
import type { LocalAccount } from 'viem';
import { WalletKeys } from '../keys/wallet-keys.js';
import { AgentWalletsService } from './agent-wallets.service.js';

/**
 * Signs for agents with their wallets' keys, for other services: an agent's bus messages (EIP-712,
 * extended-services 5; the runtime asks the bus, which asks here) and a verification's challenge
 * (EIP-191, for the agents service). The key is opened here to sign and goes nowhere else. null
 * when the agent has no wallet.
 */
@Injectable()
export class AgentSigner {
  constructor(private readonly wallets: AgentWalletsService, private readonly keys: WalletKeys) {}

  async signMessage(agentId: string, message: UnsignedAgentMessage): Promise<SignAgentMessageReply | null> {
    const signer = await this.signerOf(agentId);
    return signer && { signature: await signer.signTypedData(agentMessageTypedData(message)), address: signer.address };
  }

  async signChallenge(agentId: string, challenge: string): Promise<SignAgentChallengeReply | null> {
    const signer = await this.signerOf(agentId);
    return signer && { address: signer.address, signature: await signer.signMessage({ message: agentChallengeMessage(agentId, challenge) }) };
  }

  private async signerOf(agentId: string): Promise<LocalAccount | null> {
    const wallet = await this.wallets.ofAgent(agentId);
    return wallet && this.keys.signer(wallet.address);
  }
}
