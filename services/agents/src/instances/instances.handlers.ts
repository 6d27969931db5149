import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InstanceQuery, ok, requireUser, RUNTIME_PATHS, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { InstancesService } from './instances.service.js';

/** GET /api/agent-runtime/instances (backend) and the web's GET /api/instance/:userId proxies. */
@Controller()
export class InstancesHandlers {
  constructor(private readonly instances: InstancesService) {}

  @MessagePattern(SUBJECTS.agents.runtimeInstances)
  async list() {
    return ok(await this.instances.list());
  }

  @MessagePattern(SUBJECTS.agents.instanceHealth)
  async health(@Payload() envelope: Envelope) {
    return ok(await this.instances.read(requireUser(envelope), envelope.params.userId ?? '', validateAs(InstanceQuery, envelope.query), RUNTIME_PATHS.health));
  }

  @MessagePattern(SUBJECTS.agents.instanceStats)
  async stats(@Payload() envelope: Envelope) {
    return ok(await this.instances.read(requireUser(envelope), envelope.params.userId ?? '', validateAs(InstanceQuery, envelope.query), RUNTIME_PATHS.stats));
  }
}
