import type { Provider } from '@nestjs/common';
import { ChainClients, GateTokenReader } from '@platform/chain';
import type { Address } from 'viem';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';

/** The token GATE_TOKEN_ADDRESS names (validated as an address at boot), read on media's base client. */
export const gateTokenReaderProvider: Provider = {
  provide: GateTokenReader,
  inject: [ChainClients, MEDIA_ENV],
  useFactory: (chains: ChainClients, env: MediaEnv) => new GateTokenReader(chains, env.GATE_TOKEN_ADDRESS as Address),
};
