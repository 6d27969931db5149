import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok, RegisterInstallationDto, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { InstallationsService } from './installations.service.js';

@Controller()
export class InstallationsHandlers {
  constructor(private readonly installations: InstallationsService) {}

  @MessagePattern(SUBJECTS.agents.registerHome)
  async registerHome(@Payload() envelope: Envelope) {
    return ok(await this.installations.register(validateAs(RegisterInstallationDto, envelope.body), 'home'));
  }

  /** A link installation is always mode link, whatever the body says. */
  @MessagePattern(SUBJECTS.agents.registerLink)
  async registerLink(@Payload() envelope: Envelope) {
    const dto = validateAs(RegisterInstallationDto, envelope.body);
    return ok(await this.installations.register({ ...dto, mode: 'link' }, 'link'));
  }

  @MessagePattern(SUBJECTS.agents.listInstallations)
  async list() {
    return ok(await this.installations.list());
  }

  @MessagePattern(SUBJECTS.agents.installationHeartbeat)
  async heartbeat(@Payload() envelope: Envelope<{ userId?: unknown }>) {
    return ok(await this.installations.heartbeat(envelope.body?.userId));
  }
}
