import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChainClients, GATE_TOKEN_CHAIN_ID, GateTokenReader, type GateTokenHolding } from '@platform/chain';
import { ApiError, IDENTITY_MESSAGES as M, UnavailableError, type GateTokenAccessDto, type GateTokenAccessView } from '@platform/contracts';
import { erc20Abi, isAddress, parseUnits, type Address } from 'viem';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';

/** Gate-token access (platform-core 4.4, "also exist"): does an address hold enough of the gate token on base? */
@Injectable()
export class GateTokenService {
  private readonly logger = new Logger(GateTokenService.name);
  /** Only identity's answer names the symbol: read once, like the decimals, and again only after a failed read. */
  private symbol?: Promise<string>;

  constructor(
    private readonly reader: GateTokenReader,
    private readonly chains: ChainClients,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {}

  async check(dto: GateTokenAccessDto, requestId: string): Promise<GateTokenAccessView> {
    // Mixed case is an EIP-55 checksum: one that does not hold is a mistyped address.
    if (!isAddress(dto.address, { strict: true })) throw new ApiError(400, M.invalidAddressChecksum);
    const address = dto.address as Address;
    const [{ balance, decimals }, symbol] = await this.read(address, requestId);
    const required = parseUnits(this.env.GATE_TOKEN_MIN_BALANCE, decimals);
    return {
      address: address.toLowerCase(),
      hasAccess: balance >= required,
      balance: balance.toString(),
      required: required.toString(),
      token: { address: this.reader.token, symbol, decimals, chainId: GATE_TOKEN_CHAIN_ID },
    };
  }

  private async read(address: Address, requestId: string): Promise<[GateTokenHolding, string]> {
    try {
      return await Promise.all([this.reader.holding(address), this.tokenSymbol()]);
    } catch (error) {
      this.logger.error({ requestId, err: error }, 'Gate token balance read failed');
      throw new UnavailableError(M.chainUnavailable);
    }
  }

  private tokenSymbol(): Promise<string> {
    this.symbol ??= this.chains.client(GATE_TOKEN_CHAIN_ID)
      .readContract({ address: this.reader.token, abi: erc20Abi, functionName: 'symbol' })
      .catch((error: unknown) => {
        this.symbol = undefined;
        throw error;
      });
    return this.symbol;
  }
}
