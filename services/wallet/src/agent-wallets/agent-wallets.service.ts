import { Injectable } from '@nestjs/common';
import {
  AGENT_WALLET_MESSAGES as M, ApiError, type AgentWalletBalanceView, type AgentWalletOfReply, type AgentWalletUsdcReply,
  type AgentWalletView,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { QueryFailedError } from 'typeorm';
import { getAddress } from 'viem';
import { UsdcBalances, usdcText } from '../chain/usdc-balances.js';
import { WalletKeys } from '../keys/wallet-keys.js';
import { WalletEntity } from '../keys/wallet.entity.js';
import { SpendableUsdc } from '../transfers/spendable-usdc.js';

const UNIQUE_VIOLATION = '23505';

export interface AgentWalletFound {
  wallet: AgentWalletView;
  created: boolean;
}

const view = (wallet: WalletEntity): AgentWalletView => ({ address: wallet.address, agentId: wallet.agentId!, userId: wallet.userId });

/**
 * Custodial agent wallets on base-sepolia, one per agent (extended-services 4.2). Rows are read
 * under the user's scope (RLS): another user's wallet is never seen, only felt through the unique
 * index on agent_id when one is made.
 */
@Injectable()
export class AgentWalletsService {
  constructor(private readonly db: Db, private readonly keys: WalletKeys, private readonly usdc: UsdcBalances, private readonly spendable: SpendableUsdc) {}

  /**
   * The agent's wallet, made on the first call. Two first calls at once both try to insert; the
   * unique index lets one win and the other answers the winner's wallet. An agent whose wallet is
   * held for another user is refused.
   */
  async findOrCreate(userId: string, agentId: string): Promise<AgentWalletFound> {
    const existing = await this.heldFor(userId, agentId);
    if (existing) return { wallet: view(existing), created: false };
    try {
      const made = await this.db.withUser(userId, (manager) => this.keys.create(manager, { userId, kind: 'agent', agentId }));
      return { wallet: view(made), created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const raced = await this.heldFor(userId, agentId);
    if (!raced) throw new ApiError(409, M.agentOwnedByAnotherUser);
    return { wallet: view(raced), created: false };
  }

  /** The user's agent wallet at `address`, or null when there is none (another user's, or not an agent wallet). */
  held(userId: string, address: string): Promise<WalletEntity | null> {
    return this.db.withUser(userId, (manager) => manager.findOneBy(WalletEntity, { kind: 'agent', address: getAddress(address) }));
  }

  /** The wallet the platform holds for an agent, whoever owns it (the bus asks who signs for a sender); null for none. */
  async ofAgent(agentId: string): Promise<AgentWalletOfReply> {
    const wallet = await this.db.asSystem((manager) => manager.findOneBy(WalletEntity, { kind: 'agent', agentId }));
    return wallet && { address: wallet.address, userId: wallet.userId };
  }

  /** 4.2's balance: USDC on base-sepolia as a number; 404 for an address that is not one of the user's agent wallets. */
  async balance(userId: string, address: string): Promise<AgentWalletBalanceView> {
    const wallet = await this.held(userId, address);
    if (!wallet) throw new ApiError(404, M.walletNotFound);
    const units = await this.usdc.balanceOf(wallet.address).catch(() => {
      throw new ApiError(500, M.balanceUnavailable);
    });
    return { address: wallet.address, balance_usdc: Number(usdcText(units)) };
  }

  /**
   * The USDC of the agent's wallet held for this user, as exact text: the wallet, not its caller,
   * decides what a payout of "the whole balance" may take. Null for no wallet held for the user.
   */
  async usdcOf(userId: string, agentId: string): Promise<AgentWalletUsdcReply> {
    return this.db.withUser(userId, async (manager) => {
      const wallet = await manager.findOneBy(WalletEntity, { kind: 'agent', agentId });
      if (!wallet) return null;
      const { balance, spendable } = await this.spendable.funds(manager, wallet.address).catch(() => {
        throw new ApiError(500, M.balanceUnavailable);
      });
      return { address: wallet.address, balance: usdcText(balance), spendable: usdcText(spendable) };
    });
  }

  /** The agent's wallet held for this user, or null (none, or another user's). */
  heldFor(userId: string, agentId: string): Promise<WalletEntity | null> {
    return this.db.withUser(userId, (manager) => manager.findOneBy(WalletEntity, { kind: 'agent', agentId }));
  }
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION;
}
