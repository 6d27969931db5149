import { Injectable, Logger } from '@nestjs/common';
import {
  ApiError, TRANSACTIONS_MESSAGES as M, WALLET_NETWORK, type AuthContext, type TransactionsQuery, type WalletTransactionsView,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { getAddress, type Address } from 'viem';
import { WalletEntity } from '../keys/wallet.entity.js';
import { TopUpHistory } from './top-up-history.js';
import { pageOf } from './transaction-page.js';
import { topUpView, transferView } from './transaction-views.js';
import { UsdcTransferLogs, type UsdcTransferLog } from './usdc-transfer-logs.js';

/**
 * GET /api/wallet/transactions: the signed-in user's session wallet's history, its USDC transfers
 * from the chain's logs merged with the platform's top-up credits (pending ones too), newest first.
 * A top-up's own transfer is shown once, as the top-up.
 */
@Injectable()
export class TransactionsService {
  private readonly logger = new Logger(TransactionsService.name);

  constructor(
    private readonly db: Db,
    private readonly topUps: TopUpHistory,
    private readonly logs: UsdcTransferLogs,
  ) {}

  async list(user: AuthContext, query: TransactionsQuery): Promise<WalletTransactionsView> {
    const wallet = await this.db.withUser(user.userId, (manager) => manager.findOneBy(WalletEntity, { userId: user.userId, kind: 'session' }));
    if (!wallet) return { address: null, network: WALLET_NETWORK, hasWallet: false, transactions: [], nextCursor: null };
    const address = getAddress(wallet.address);
    const [topUps, transfers] = await Promise.all([this.topUps.of(address), this.transfersOf(address)]);
    const credited = new Set(topUps.flatMap((topUp) => (topUp.txHash ? [topUp.txHash.toLowerCase()] : [])));
    const entries = [
      ...topUps.map(topUpView),
      ...transfers.filter((log) => !credited.has(log.txHash.toLowerCase())).map((log) => transferView(log, address)),
    ];
    return { address, network: WALLET_NETWORK, hasWallet: true, ...pageOf(entries, query.limit, query.cursor) };
  }

  private async transfersOf(address: Address): Promise<UsdcTransferLog[]> {
    try {
      return await this.logs.of(address);
    } catch (error) {
      this.logger.warn({ address, msg: `reading transfer logs failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` });
      throw new ApiError(500, M.chainUnavailable);
    }
  }
}
