import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { created, CreateEscrowDto, EscrowParams, EscrowUserDto, ok, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { EscrowsService } from './escrows.service.js';

/** Backend (bearer) routes of escrows: the caller names the user, as for splits. */
@Controller()
export class EscrowsHandlers {
  constructor(private readonly escrows: EscrowsService) {}

  @MessagePattern(SUBJECTS.wallet.createEscrow)
  async create(@Payload() envelope: Envelope) {
    return created(await this.escrows.create(validateAs(CreateEscrowDto, envelope.body)));
  }

  @MessagePattern(SUBJECTS.wallet.listEscrows)
  async list(@Payload() envelope: Envelope) {
    return ok(await this.escrows.list(validateAs(EscrowUserDto, envelope.query).userId));
  }

  @MessagePattern(SUBJECTS.wallet.getEscrow)
  async get(@Payload() envelope: Envelope) {
    return ok(await this.escrows.get(validateAs(EscrowUserDto, envelope.query).userId, validateAs(EscrowParams, envelope.params).bookingId));
  }

  @MessagePattern(SUBJECTS.wallet.releaseEscrow)
  async release(@Payload() envelope: Envelope) {
    return ok(await this.escrows.release(validateAs(EscrowUserDto, envelope.body).userId, validateAs(EscrowParams, envelope.params).bookingId));
  }
}
