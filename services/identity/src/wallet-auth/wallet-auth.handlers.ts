import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, validateAs, WalletAuthDto, type Envelope } from '@platform/contracts';
import { WalletAuthService } from './wallet-auth.service.js';

@Controller()
export class WalletAuthHandlers {
  constructor(private readonly walletAuth: WalletAuthService) {}

  /** GET and POST answer alike. */
  @MessagePattern(SUBJECTS.identity.authNonce)
  nonce() {
    return this.walletAuth.nonce();
  }

  @MessagePattern(SUBJECTS.identity.walletAuth)
  signIn(@Payload() envelope: Envelope) {
    return this.walletAuth.signIn(validateAs(WalletAuthDto, envelope.body), envelope.requestId);
  }
}
