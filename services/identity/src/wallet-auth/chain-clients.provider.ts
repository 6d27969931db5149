import type { Provider } from '@nestjs/common';
import { ChainClients, GATE_TOKEN_CHAIN_ID, stablecoinChainId } from '@platform/chain';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';

/** The chains identity reads: the stablecoin network (wallet sign-in) and base (the gate token). */
export const chainClientsProvider: Provider = {
  provide: ChainClients,
  inject: [IDENTITY_ENV],
  useFactory: (env: IdentityEnv) => new ChainClients({
    [stablecoinChainId(env.NETWORK_TESTNET)]: env.NETWORK_RPC_URL,
    [GATE_TOKEN_CHAIN_ID]: env.BASE_RPC_URL,
  }),
};
