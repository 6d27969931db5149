import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ColonyStatusQuery, ok, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { ColonyService } from './colony.service.js';

@Controller()
export class ColonyHandlers {
  constructor(private readonly colony: ColonyService) {}

  @MessagePattern(SUBJECTS.feeds.colonyStatus)
  async status(@Payload() envelope: Envelope) {
    return ok(await this.colony.status(validateAs(ColonyStatusQuery, envelope.query).action ?? 'tree', envelope.auth));
  }
}
