import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CloneAgentDto, created, ok, requireUser, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { ClonesService } from './clones.service.js';

/** POST /api/agents/clone on both surfaces (owner on web) and GET /api/agents/clone, the clone service's health. */
@Controller()
export class ClonesHandlers {
  constructor(private readonly clones: ClonesService) {}

  @MessagePattern(SUBJECTS.agents.cloneHealth)
  health() {
    return ok(this.clones.health());
  }

  @MessagePattern(SUBJECTS.agents.clone)
  async clone(@Payload() envelope: Envelope) {
    return created(await this.clones.clone(requireUser(envelope), validateAs(CloneAgentDto, envelope.body)));
  }
}
