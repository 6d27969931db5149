import { IsString, Matches } from 'class-validator';
import { AgentIdField } from './agent-wallet.dtos.js';

/**
 * `svc.wallet.sign_agent_challenge`: the agent's wallet signs a verification challenge (EIP-191),
 * the key never leaving the wallet service. The reply is null when the agent has no wallet.
 */
export class SignAgentChallengeQuery {
  @AgentIdField() agentId!: string;
  @Matches(/^0x[0-9a-f]{64}$/, { message: 'challenge must be 32 bytes of 0x-prefixed lower-case hex' }) @IsString() challenge!: string;
}

export interface SignAgentChallengeReply {
  address: string;
  signature: string;
}

/**
 * What the wallet signs for a challenge: the agent's id is in it, so a signature proves nothing for
 * another agent, and the words say what it is for should the text ever be shown to a person.
 */
export const agentChallengeMessage = (agentId: string, challenge: string): string =>
  `Agent verification\nagent: ${agentId}\nchallenge: ${challenge}`;
