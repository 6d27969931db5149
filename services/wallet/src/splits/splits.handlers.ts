import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateSplitDto, ok, SplitParams, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { SplitsService } from './splits.service.js';

/** Backend (bearer) routes of royalty splits: the caller names the user in the body. */
@Controller()
export class SplitsHandlers {
  constructor(private readonly splits: SplitsService) {}

  @MessagePattern(SUBJECTS.wallet.createSplit)
  async create(@Payload() envelope: Envelope) {
    return ok(await this.splits.create(validateAs(CreateSplitDto, envelope.body)));
  }

  @MessagePattern(SUBJECTS.wallet.getSplit)
  async get(@Payload() envelope: Envelope) {
    return ok(await this.splits.get(validateAs(SplitParams, envelope.params).id));
  }
}
