import type { Provider } from '@nestjs/common';
import { ChainClients, platformChainClients } from '@platform/chain';
import { WALLET_ENV } from '../wallet.tokens.js';

/** The chains the wallet service reads and writes: the stablecoin network (balances) and base-sepolia (wallets). */
export const chainClientsProvider: Provider = { provide: ChainClients, inject: [WALLET_ENV], useFactory: platformChainClients };
