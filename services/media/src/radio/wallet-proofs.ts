import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChainClients, GATE_TOKEN_CHAIN_ID, verifyWalletSignature } from '@platform/chain';
import { ApiError, MEDIA_MESSAGES as M, MEDIA_SIGNATURE_TOLERANCE_SEC, streamCreationMessage, UnavailableError, type CreateStreamDto } from '@platform/contracts';
import { createHash } from 'node:crypto';
import type { Address, Hex } from 'viem';
import type { MediaEnv } from '../media.env.js';
import { MEDIA_ENV } from '../media.tokens.js';

/** A wallet's clock may run ahead of ours by this much. */
const CLOCK_SKEW_SEC = 60;

export interface ProvenWallet {
  /** Lower case: one wallet is one owner whatever checksum casing the client sent. */
  wallet: string;
  /** SHA-256 of the signed message: the message creates one stream, however often it is sent. */
  digest: string;
}

/**
 * Stream creation has no session (extended-services 5), so the wallet proves itself: it signs
 * `streamCreationMessage` (EIP-191) within the last 5 minutes. EOA, ERC-1271 and ERC-6492 signatures
 * are checked on base, where the gate token is (docs/spec-decisions.md).
 */
@Injectable()
export class WalletProofs {
  private readonly logger = new Logger(WalletProofs.name);
  private readonly host: string;

  constructor(private readonly chains: ChainClients, @Inject(MEDIA_ENV) env: MediaEnv) {
    this.host = new URL(env.APP_URL).host;
  }

  async verify(dto: CreateStreamDto, requestId: string): Promise<ProvenWallet> {
    const now = Math.floor(Date.now() / 1000);
    if (dto.issuedAt < now - MEDIA_SIGNATURE_TOLERANCE_SEC || dto.issuedAt > now + CLOCK_SKEW_SEC) throw new ApiError(403, M.walletSignatureExpired);
    // Lower case: a mixed-case address whose checksum does not hold would make viem throw, not answer false.
    const wallet = dto.wallet.toLowerCase();
    const message = streamCreationMessage(this.host, wallet, dto.issuedAt);
    if (!(await this.signed(wallet as Address, message, dto.signature as Hex, requestId))) throw new ApiError(403, M.walletSignatureInvalid);
    return { wallet, digest: createHash('sha256').update(message).digest('hex') };
  }

  private async signed(address: Address, message: string, signature: Hex, requestId: string): Promise<boolean> {
    try {
      return await verifyWalletSignature(this.chains.client(GATE_TOKEN_CHAIN_ID), { address, message, signature });
    } catch (error) {
      this.logger.error({ requestId, err: error }, 'Wallet signature check failed');
      throw new UnavailableError(M.chainUnavailable);
    }
  }
}
