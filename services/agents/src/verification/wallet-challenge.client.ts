import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AGENT_MESSAGES as M, ApiError, SignAgentChallengeQuery, SUBJECTS, validateAs, type SignAgentChallengeReply,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';

/** Asks the wallet service, which holds agent keys, to sign a challenge with the agent's wallet. */
@Injectable()
export class WalletChallengeClient {
  private readonly logger = new Logger('WalletChallenge');

  constructor(private readonly rpc: RpcClient, @Inject(AGENTS_ENV) private readonly env: AgentsEnv) {}

  /**
   * null when the agent has no wallet. A wallet service that does not answer is a 503, not a
   * verification without the wallet: that would verify an agent whose wallet could not be asked.
   */
  async sign(agentId: string, challenge: string): Promise<SignAgentChallengeReply | null> {
    const query = validateAs(SignAgentChallengeQuery, { agentId, challenge });
    try {
      return await this.rpc.request<SignAgentChallengeReply | null>(SUBJECTS.wallet.signAgentChallenge, query, this.env.NATS_REQUEST_TIMEOUT_MS);
    } catch (error) {
      this.logger.warn({ agentId, msg: `Challenge not signed: ${error instanceof Error ? error.message : String(error)}` });
      throw new ApiError(503, M.walletUnavailable);
    }
  }
}
