import { IsDefined, IsNotEmpty, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { WALLET_ADDRESS_PATTERN } from '../identity/wallet-auth.dto.js';
import { AGENT_ID_MAX_LENGTH, AGENT_WALLET_MESSAGES as M } from './agent-wallet-messages.js';

/** A platform user's id: wallet rows are keyed by it, so anything but a UUID is refused before the database sees it. */
export function UserIdField(): PropertyDecorator {
  return (target, key) => {
    IsDefined({ message: M.userIdRequired })(target, key);
    IsNotEmpty({ message: M.userIdRequired })(target, key);
    IsUUID('all', { message: M.userIdInvalid })(target, key);
  };
}

export function AgentIdField(): PropertyDecorator {
  return (target, key) => {
    IsDefined({ message: M.agentIdRequired })(target, key);
    IsString({ message: M.agentIdInvalid })(target, key);
    IsNotEmpty({ message: M.agentIdRequired })(target, key);
    MaxLength(AGENT_ID_MAX_LENGTH, { message: M.agentIdInvalid })(target, key);
  };
}

/** POST /api/underground/wallets (extended-services 4.2). */
export class CreateAgentWalletDto {
  @UserIdField() userId!: string;
  @AgentIdField() agentId!: string;
}

/** `svc.wallet.agent_wallet_usdc`: the USDC of the agent's wallet held for the user. */
export class AgentWalletUsdcQuery {
  @UserIdField() userId!: string;
  @AgentIdField() agentId!: string;
}

/**
 * Exact USDC text: `balance` on chain, `spendable` what a payout may still take of it (the balance
 * less what the wallet's recorded transfers will take: docs/wallet.md, Splits). Null when the agent
 * has no wallet held for the user.
 */
export type AgentWalletUsdcReply = { address: string; balance: string; spendable: string } | null;

/** Query of GET /api/underground/wallets/:address/balance. */
export class AgentWalletBalanceQuery {
  @UserIdField() userId!: string;
}

/** Path of GET /api/underground/wallets/:address/balance. */
export class AgentWalletParams {
  @Matches(WALLET_ADDRESS_PATTERN, { message: M.addressInvalid }) @IsString({ message: M.addressInvalid }) address!: string;
}
