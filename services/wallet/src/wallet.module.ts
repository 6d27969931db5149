import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { MessagingModule } from '@platform/messaging';
import { QueueModule } from '@platform/queue';
import { BalancesService } from './balances/balances.service.js';
import { StablecoinBalances } from './balances/stablecoin-balances.js';
import { AgentSigner } from './agent-wallets/agent-signer.js';
import { AgentWalletQueriesHandlers } from './agent-wallets/agent-wallet-queries.handlers.js';
import { AgentWalletsHandlers } from './agent-wallets/agent-wallets.handlers.js';
import { AgentWalletsService } from './agent-wallets/agent-wallets.service.js';
import { chainClientsProvider } from './chain/chain-clients.provider.js';
import { UsdcBalances } from './chain/usdc-balances.js';
import { walletDatabase } from './database.js';
import { EscrowsHandlers } from './escrows/escrows.handlers.js';
import { EscrowsService } from './escrows/escrows.service.js';
import { WalletKeys } from './keys/wallet-keys.js';
import { TopUpCheckoutClient } from './top-ups/top-up-checkout.client.js';
import { TopUpCredits } from './top-ups/top-up-credits.js';
import { TopUpPaidConsumer } from './top-ups/top-up-paid.consumer.js';
import { TopUpHandlers } from './top-ups/top-up.handlers.js';
import { TopUpHistory } from './transactions/top-up-history.js';
import { TransactionsHandlers } from './transactions/transactions.handlers.js';
import { TransactionsService } from './transactions/transactions.service.js';
import { UsdcTransferLogs } from './transactions/usdc-transfer-logs.js';
import { SplitPayout } from './splits/split-payout.js';
import { SplitQueriesHandlers } from './splits/split-queries.handlers.js';
import { SplitReports } from './splits/split-reports.js';
import { SplitsHandlers } from './splits/splits.handlers.js';
import { SplitRevenueHandlers } from './splits/split-revenue.handlers.js';
import { SplitRevenueService } from './splits/split-revenue.service.js';
import { SplitsService } from './splits/splits.service.js';
import { SplitsWorker } from './splits/splits.worker.js';
import { ChainTransfers } from './transfers/chain-transfers.js';
import { SpendableUsdc } from './transfers/spendable-usdc.js';
import { TransfersWorker } from './transfers/transfers.worker.js';
import { WalletGas } from './transfers/wallet-gas.js';
import type { WalletEnv } from './wallet.env.js';
import { WALLET_ENV } from './wallet.tokens.js';
import { CustodialWallets } from './wallets/custodial-wallets.service.js';
import { SessionWallets } from './wallets/session-wallets.service.js';
import { WalletHandlers } from './wallets/wallet.handlers.js';
import { WalletService } from './wallets/wallet.service.js';
import { AgenticWallet } from './x402/agentic-wallet.js';
import { X402Handlers } from './x402/x402.handlers.js';
import { X402Payer } from './x402/x402-payer.service.js';

export const WALLET_SERVICE = 'wallet';

@Module({})
export class WalletModule {
  static forRoot(env: WalletEnv): DynamicModule {
    return {
      module: WalletModule,
      imports: [
        DatabaseModule.forRoot(env.DATABASE_URL, walletDatabase),
        MessagingModule.forService(WALLET_SERVICE, env),
        QueueModule.forRoot({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX }),
      ],
      controllers: [
        WalletHandlers,
        X402Handlers,
        TopUpHandlers,
        TransactionsHandlers,
        AgentWalletsHandlers,
        AgentWalletQueriesHandlers,
        SplitsHandlers,
        SplitQueriesHandlers,
        EscrowsHandlers,
        SplitRevenueHandlers,
      ],
      providers: [
        { provide: WALLET_ENV, useValue: env },
        chainClientsProvider,
        WalletKeys,
        ChainTransfers,
        TransfersWorker,
        StablecoinBalances,
        BalancesService,
        SessionWallets,
        CustodialWallets,
        WalletService,
        AgenticWallet,
        X402Payer,
        TopUpCheckoutClient,
        TopUpCredits,
        TopUpPaidConsumer,
        TopUpHistory,
        UsdcTransferLogs,
        TransactionsService,
        UsdcBalances,
        AgentWalletsService,
        AgentSigner,
        SplitsService,
        SplitRevenueService,
        SplitPayout,
        WalletGas,
        SpendableUsdc,
        SplitsWorker,
        EscrowsService,
        SplitReports,
      ],
    };
  }
}
