import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChainClients, stablecoinChainId, type ChainId } from '@platform/chain';
import { ApiError, IDENTITY_MESSAGES as M, UnavailableError, type Reply, type WalletAuthDto, type WalletAuthView } from '@platform/contracts';
import type { Address, Hex } from 'viem';
import { verifySiweMessage } from 'viem/siwe';
import { Clock } from '../clock.js';
import type { IdentityEnv } from '../identity.env.js';
import { IDENTITY_ENV } from '../identity.tokens.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { checkSiweMessage } from './siwe-expectations.js';
import { SiweNonces } from './siwe-nonces.js';
import { WalletUsers } from './wallet-users.service.js';

/** Sign-In with Ethereum (platform-core 4.4): a nonce, then the signed message for a session. */
@Injectable()
export class WalletAuthService {
  private readonly logger = new Logger(WalletAuthService.name);
  private readonly domain: string;
  private readonly chainId: ChainId;

  constructor(
    private readonly nonces: SiweNonces,
    private readonly chains: ChainClients,
    private readonly users: WalletUsers,
    private readonly sessions: SessionsService,
    private readonly clock: Clock,
    @Inject(IDENTITY_ENV) env: IdentityEnv,
  ) {
    this.domain = new URL(env.APP_URL).host;
    this.chainId = stablecoinChainId(env.NETWORK_TESTNET);
  }

  async nonce(): Promise<Reply> {
    return { status: 200, body: { nonce: await this.nonces.issue() } };
  }

  async signIn(dto: WalletAuthDto, requestId: string): Promise<Reply> {
    const address = dto.address as Address;
    const message = checkSiweMessage(dto.message, { domain: this.domain, chainId: this.chainId, address, now: this.clock.now() });
    if (!(await this.nonces.isOpen(message.nonce))) throw new ApiError(401, M.invalidNonce);
    if (!(await this.verify(dto.message, dto.signature as Hex, message.nonce, requestId))) throw new ApiError(401, M.invalidSignature);
    // Consumed only for a valid signature, so nobody can burn another's nonce; GETDEL lets one replay win at most.
    if (!(await this.nonces.consume(message.nonce))) throw new ApiError(401, M.invalidNonce);
    const { user, created } = await this.users.signInAs(address, this.chainId);
    const cookie = await this.sessions.open(user.id);
    const body: WalletAuthView = { ok: true, user: { id: user.id, name: user.name, email: user.email }, address: address.toLowerCase(), created };
    return { status: 200, body, cookies: [cookie] };
  }

  /** EOA, ERC-1271 and ERC-6492 signatures, through the configured network's node. */
  private async verify(message: string, signature: Hex, nonce: string, requestId: string): Promise<boolean> {
    try {
      return await verifySiweMessage(this.chains.client(this.chainId), {
        message, signature, domain: this.domain, nonce, time: this.clock.now(),
      });
    } catch (error) {
      this.logger.error({ requestId, err: error }, 'Wallet signature check failed');
      throw new UnavailableError(M.chainUnavailable);
    }
  }
}
