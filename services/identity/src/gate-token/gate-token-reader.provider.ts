import type { Provider } from '@nestjs/common';
import { ChainClients, GateTokenReader } from '@platform/chain';
import type { Address } from 'viem';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';

/** The token GATE_TOKEN_ADDRESS names (validated as an address at boot), read on identity's base client. */
export const gateTokenReaderProvider: Provider = {
  provide: GateTokenReader,
  inject: [ChainClients, IDENTITY_ENV],
  useFactory: (chains: ChainClients, env: IdentityEnv) => new GateTokenReader(chains, env.GATE_TOKEN_ADDRESS as Address),
};
