import type { Provider } from '@nestjs/common';
import { ChainClients, platformChainClients } from '@platform/chain';
import { IDENTITY_ENV } from '../identity.tokens.js';

/** The chains identity reads: the stablecoin network (wallet sign-in) and base (the gate token). */
export const chainClientsProvider: Provider = { provide: ChainClients, inject: [IDENTITY_ENV], useFactory: platformChainClients };
