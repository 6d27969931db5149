import type { ServiceDatabase } from '@platform/database';
import { WalletEntity } from './keys/wallet.entity.js';
import { WalletInitial1764200000000 } from './migrations/1764200000000-wallet-initial.js';
import { SplitEntity } from './splits/split.entity.js';
import { TopUpEntity } from './top-ups/top-up.entity.js';
import { TransferEntity } from './transfers/transfer.entity.js';

export const walletDatabase: ServiceDatabase = {
  schema: 'wallet',
  entities: [WalletEntity, TransferEntity, TopUpEntity, SplitEntity],
  migrations: [WalletInitial1764200000000],
};
