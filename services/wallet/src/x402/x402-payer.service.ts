import { Injectable } from '@nestjs/common';
import { ApiError, PayX402Query, validateAs, WALLET_MESSAGES as M, type PayX402Reply } from '@platform/contracts';
import { x402Client, x402HTTPClient } from '@x402/core/client';
import type { PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { AgenticWallet } from './agentic-wallet.js';
import { payableRequirement } from './payable-requirement.js';

const X402_VERSION = 2;

/** Pays x402 challenges with the agentic wallet: signs the payment, never sends anything on chain. */
@Injectable()
export class X402Payer {
  constructor(private readonly agentic: AgenticWallet) {}

  async pay(data: unknown): Promise<PayX402Reply> {
    const query = validateAs(PayX402Query, data);
    const challenge = query.paymentRequired as unknown as PaymentRequired;
    if (challenge.x402Version !== X402_VERSION) throw new ApiError(400, M.x402UnsupportedVersion);
    const requirement = payableRequirement(challenge.accepts, BigInt(query.maxAmount));
    const signer = await this.agentic.signer();
    // The caller's maximum is the cap: the library's default spend controls (a $1 cap) would be a second, different one.
    const client = new x402Client().register(requirement.network, new ExactEvmScheme(signer)).setSpendControls(false);
    const payload = await client.createPaymentPayload({ ...challenge, accepts: [requirement] });
    const { network, asset, amount, payTo } = requirement;
    return { headers: new x402HTTPClient(client).encodePaymentSignatureHeader(payload), payer: signer.address, network, asset, amount, payTo };
  }
}
