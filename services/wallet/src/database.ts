import type { ServiceDatabase } from '@platform/database';
import { EscrowEntity } from './escrows/escrow.entity.js';
import { WalletEntity } from './keys/wallet.entity.js';
import { WalletInitial1764200000000 } from './migrations/1764200000000-wallet-initial.js';
import { WalletEscrows1764620000000 } from './migrations/1764620000000-wallet-escrows.js';
import { SplitEntity } from './splits/split.entity.js';
import { TopUpEntity } from './top-ups/top-up.entity.js';
import { TransferEntity } from './transfers/transfer.entity.js';

export const walletDatabase: ServiceDatabase = {
  schema: 'wallet',
  entities: [WalletEntity, TransferEntity, TopUpEntity, SplitEntity, EscrowEntity],
  migrations: [WalletInitial1764200000000, WalletEscrows1764620000000],
};
