import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok, SUBJECTS, TopUpQuery, validateAs, type Envelope } from '@platform/contracts';
import { TopUpCheckoutClient } from './top-up-checkout.client.js';

@Controller()
export class TopUpHandlers {
  constructor(private readonly checkouts: TopUpCheckoutClient) {}

  /** GET /api/wallet/top-up (4.1): `{ url, sessionId }` of the processor's checkout. */
  @MessagePattern(SUBJECTS.wallet.topUp)
  async topUp(@Payload() envelope: Envelope) {
    const { amount, address } = validateAs(TopUpQuery, envelope.query);
    return ok(await this.checkouts.checkout({ amountCents: amount, walletAddress: address }));
  }
}
