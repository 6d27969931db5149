import type { Provider } from '@nestjs/common';
import { ChainClients, GATE_TOKEN_CHAIN_ID } from '@platform/chain';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';

/** The one chain media reads: base, where the gate token is and where stream creators' signatures are checked. */
export const chainClientsProvider: Provider = {
  provide: ChainClients,
  inject: [MEDIA_ENV],
  useFactory: (env: MediaEnv) => new ChainClients({ [GATE_TOKEN_CHAIN_ID]: env.BASE_RPC_URL }),
};
