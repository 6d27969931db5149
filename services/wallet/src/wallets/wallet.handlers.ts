import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok, requireUser, SUBJECTS, type Envelope } from '@platform/contracts';
import { CustodialWallets } from './custodial-wallets.service.js';
import { WalletService } from './wallet.service.js';

@Controller()
export class WalletHandlers {
  constructor(private readonly wallet: WalletService, private readonly custodial: CustodialWallets) {}

  @MessagePattern(SUBJECTS.wallet.get)
  async get(@Payload() envelope: Envelope) {
    return ok(await this.wallet.get(envelope.query.address, envelope.auth));
  }

  @MessagePattern(SUBJECTS.wallet.action)
  async action(@Payload() envelope: Envelope) {
    return ok(await this.wallet.act(requireUser(envelope), envelope.body));
  }

  @MessagePattern(SUBJECTS.wallet.address)
  async address(@Payload() envelope: Envelope) {
    return ok(await this.custodial.address(envelope.auth));
  }

  @MessagePattern(SUBJECTS.wallet.createCustodial)
  async createCustodial(@Payload() envelope: Envelope) {
    return ok(await this.custodial.create(requireUser(envelope), envelope.body));
  }

  @MessagePattern(SUBJECTS.wallet.custodialInfo)
  custodialInfo() {
    return ok(this.custodial.info());
  }

  @MessagePattern(SUBJECTS.wallet.importCustodial)
  importCustodial(@Payload() envelope: Envelope) {
    return ok(this.custodial.derive(envelope.body));
  }
}
