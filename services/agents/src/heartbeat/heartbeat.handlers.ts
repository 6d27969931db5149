import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AgentIdDto, HeartbeatSettingsDto, ok, requireUser, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { HeartbeatService } from './heartbeat.service.js';

@Controller()
export class HeartbeatHandlers {
  constructor(private readonly heartbeats: HeartbeatService) {}

  @MessagePattern(SUBJECTS.agents.getHeartbeat)
  async get(@Payload() envelope: Envelope) {
    return ok(await this.heartbeats.get(requireUser(envelope).userId, validateAs(AgentIdDto, envelope.query).agentId));
  }

  @MessagePattern(SUBJECTS.agents.saveHeartbeat)
  async save(@Payload() envelope: Envelope) {
    return ok(await this.heartbeats.save(requireUser(envelope).userId, validateAs(HeartbeatSettingsDto, envelope.body)));
  }

  @MessagePattern(SUBJECTS.agents.deleteHeartbeat)
  async delete(@Payload() envelope: Envelope) {
    return ok(await this.heartbeats.delete(requireUser(envelope).userId, validateAs(AgentIdDto, envelope.body).agentId));
  }
}
