import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok, requireUser, SUBJECTS, TransactionsQuery, validateAs, type Envelope } from '@platform/contracts';
import { TransactionsService } from './transactions.service.js';

@Controller()
export class TransactionsHandlers {
  constructor(private readonly transactions: TransactionsService) {}

  @MessagePattern(SUBJECTS.wallet.transactions)
  async list(@Payload() envelope: Envelope) {
    const user = requireUser(envelope);
    return ok(await this.transactions.list(user, validateAs(TransactionsQuery, envelope.query)));
  }
}
