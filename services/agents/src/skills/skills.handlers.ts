import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok, requireUser, SkillInstallDto, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { SkillInstalls } from './skill-installs.service.js';

/** DELETE takes skillId and agentId from the body (4.7) or, for a client that sends a DELETE without one, the query. */
const uninstallFields = (envelope: Envelope) => {
  const body = (envelope.body ?? {}) as Record<string, unknown>;
  return { skillId: body.skillId ?? envelope.query.skillId, agentId: body.agentId ?? envelope.query.agentId };
};

@Controller()
export class SkillsHandlers {
  constructor(private readonly installs: SkillInstalls) {}

  @MessagePattern(SUBJECTS.agents.installSkill)
  async install(@Payload() envelope: Envelope) {
    return ok(await this.installs.install(requireUser(envelope), validateAs(SkillInstallDto, envelope.body)));
  }

  @MessagePattern(SUBJECTS.agents.uninstallSkill)
  async uninstall(@Payload() envelope: Envelope) {
    return ok(await this.installs.uninstall(requireUser(envelope), validateAs(SkillInstallDto, uninstallFields(envelope))));
  }
}
