import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok, SUBJECTS, type Envelope } from '@platform/contracts';
import { SkillRunner } from './skill-runner.service.js';

@Controller()
export class SkillActionsHandlers {
  constructor(private readonly runner: SkillRunner) {}

  @MessagePattern(SUBJECTS.skills.use)
  async use(@Payload() envelope: Envelope) {
    return ok(await this.runner.use(envelope));
  }
}
