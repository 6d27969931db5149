import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type Envelope } from '@platform/contracts';
import { RiscReceiver } from './risc-receiver.service.js';

@Controller()
export class RiscHandlers {
  constructor(private readonly receiver: RiscReceiver) {}

  @MessagePattern(SUBJECTS.identity.riscReceive)
  receive(@Payload() envelope: Envelope) {
    return this.receiver.receive(envelope.rawBody, false);
  }

  /** The superseded endpoint (platform-core 9): the same token and answers, users matched by email only. */
  @MessagePattern(SUBJECTS.identity.riscLegacyReceive)
  receiveLegacy(@Payload() envelope: Envelope) {
    return this.receiver.receive(envelope.rawBody, true);
  }

  @MessagePattern(SUBJECTS.identity.riscInfo)
  info() {
    return this.receiver.info();
  }
}
