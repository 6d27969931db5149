import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GateTokenAccessDto, ok, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { GateTokenService } from './gate-token.service.js';

@Controller()
export class GateTokenHandlers {
  constructor(private readonly gateToken: GateTokenService) {}

  /** POST sends the address in the body, GET in the query. */
  @MessagePattern(SUBJECTS.identity.gateTokenAccess)
  async check(@Payload() envelope: Envelope) {
    const input = envelope.body && typeof envelope.body === 'object' && Object.keys(envelope.body).length > 0 ? envelope.body : envelope.query;
    return ok(await this.gateToken.check(validateAs(GateTokenAccessDto, input), envelope.requestId));
  }
}
