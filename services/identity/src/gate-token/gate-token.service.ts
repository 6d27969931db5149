import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChainClients, GATE_TOKEN_CHAIN_ID, readErc20Balance, SANDBOX_GATE_TOKEN } from '@platform/chain';
import { ApiError, IDENTITY_MESSAGES as M, UnavailableError, type GateTokenAccessDto, type GateTokenAccessView } from '@platform/contracts';
import { erc20Abi, isAddress, parseUnits, type Address } from 'viem';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';

/** Gate-token access (platform-core 4.4, "also exist"): does an address hold enough of the gate token on base? */
@Injectable()
export class GateTokenService {
  private readonly logger = new Logger(GateTokenService.name);
  private readonly token: Address;
  /** The sandbox token's metadata is known; another token's decimals and symbol are read once. */
  private metadata?: Promise<{ symbol: string; decimals: number }>;

  constructor(private readonly chains: ChainClients, @Inject(IDENTITY_ENV) private readonly env: IdentityEnv) {
    this.token = env.GATE_TOKEN_ADDRESS as Address;
  }

  async check(dto: GateTokenAccessDto, requestId: string): Promise<GateTokenAccessView> {
    // Mixed case is an EIP-55 checksum: one that does not hold is a mistyped address.
    if (!isAddress(dto.address, { strict: true })) throw new ApiError(400, M.invalidAddressChecksum);
    const address = dto.address as Address;
    try {
      const client = this.chains.client(GATE_TOKEN_CHAIN_ID);
      const [{ symbol, decimals }, balance] = await Promise.all([this.tokenMetadata(), readErc20Balance(client, this.token, address)]);
      const required = parseUnits(this.env.GATE_TOKEN_MIN_BALANCE, decimals);
      return {
        address: address.toLowerCase(),
        hasAccess: balance >= required,
        balance: balance.toString(),
        required: required.toString(),
        token: { address: this.token, symbol, decimals, chainId: GATE_TOKEN_CHAIN_ID },
      };
    } catch (error) {
      this.metadata = undefined;
      this.logger.error({ requestId, err: error }, 'Gate token balance read failed');
      throw new UnavailableError(M.chainUnavailable);
    }
  }

  private tokenMetadata(): Promise<{ symbol: string; decimals: number }> {
    if (this.token.toLowerCase() === SANDBOX_GATE_TOKEN.address.toLowerCase()) return Promise.resolve(SANDBOX_GATE_TOKEN);
    const client = this.chains.client(GATE_TOKEN_CHAIN_ID);
    this.metadata ??= Promise.all([
      client.readContract({ address: this.token, abi: erc20Abi, functionName: 'symbol' }),
      client.readContract({ address: this.token, abi: erc20Abi, functionName: 'decimals' }),
    ]).then(([symbol, decimals]) => ({ symbol, decimals }));
    return this.metadata;
  }
}
