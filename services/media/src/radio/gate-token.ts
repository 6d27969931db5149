import { Injectable, Logger } from '@nestjs/common';
import { GateTokenReader, type GateTokenHolding } from '@platform/chain';
import { ApiError, MEDIA_MESSAGES as M, STREAM_GATE_MIN_TOKENS, UnavailableError } from '@platform/contracts';
import { formatUnits, parseUnits, type Address } from 'viem';

/** The stream gate (extended-services 8): at least 1,250,000 of the gate token on base, in the token's own decimals. */
@Injectable()
export class GateToken {
  private readonly logger = new Logger(GateToken.name);

  constructor(private readonly reader: GateTokenReader) {}

  /** 403 below the gate, with what is held and what is needed (whole tokens); 503 when the chain cannot be read. */
  async admit(wallet: Address, requestId: string): Promise<void> {
    const { balance, decimals } = await this.holding(wallet, requestId);
    const required = parseUnits(STREAM_GATE_MIN_TOKENS, decimals);
    if (balance < required) {
      throw new ApiError(403, M.insufficientGateToken, { balance: formatUnits(balance, decimals), required: STREAM_GATE_MIN_TOKENS });
    }
  }

  private async holding(wallet: Address, requestId: string): Promise<GateTokenHolding> {
    try {
      return await this.reader.holding(wallet);
    } catch (error) {
      this.logger.error({ requestId, err: error }, 'Gate token balance read failed');
      throw new UnavailableError(M.chainUnavailable);
    }
  }
}
