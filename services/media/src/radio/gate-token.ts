import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChainClients, GATE_TOKEN_CHAIN_ID, readErc20Balance } from '@platform/chain';
import { ApiError, MEDIA_MESSAGES as M, STREAM_GATE_MIN_TOKENS, UnavailableError } from '@platform/contracts';
import { erc20Abi, formatUnits, parseUnits, type Address } from 'viem';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';

/** The stream gate (extended-services 8): at least 1,250,000 of the gate token on base, in the token's own decimals. */
@Injectable()
export class GateToken {
  private readonly logger = new Logger(GateToken.name);
  private readonly token: Address;
  /** A token's decimals never change: read once, read again only after a failed read. */
  private decimals?: Promise<number>;

  constructor(private readonly chains: ChainClients, @Inject(MEDIA_ENV) env: MediaEnv) {
    this.token = env.GATE_TOKEN_ADDRESS as Address;
  }

  /** 403 below the gate, with what is held and what is needed (whole tokens); 503 when the chain cannot be read. */
  async admit(wallet: Address, requestId: string): Promise<void> {
    const client = this.chains.client(GATE_TOKEN_CHAIN_ID);
    let decimals: number;
    let balance: bigint;
    try {
      this.decimals ??= client.readContract({ address: this.token, abi: erc20Abi, functionName: 'decimals' });
      [decimals, balance] = await Promise.all([this.decimals, readErc20Balance(client, this.token, wallet)]);
    } catch (error) {
      this.decimals = undefined;
      this.logger.error({ requestId, err: error }, 'Gate token balance read failed');
      throw new UnavailableError(M.chainUnavailable);
    }
    const required = parseUnits(STREAM_GATE_MIN_TOKENS, decimals);
    if (balance < required) {
      throw new ApiError(403, M.insufficientGateToken, { balance: formatUnits(balance, decimals), required: STREAM_GATE_MIN_TOKENS });
    }
  }
}
