import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ok, requireUser, SendAgentMessageDto, SUBJECTS, validateAs, type Envelope } from '@platform/contracts';
import { agentTarget as target } from './agents.service.js';
import { ProvisioningService } from './provisioning.service.js';
import { RuntimeClient } from './runtime-client.js';

/** Actions that may bring a runtime up ask who pays for it, so they get the caller itself. */
const caller = (envelope: Envelope) => [requireUser(envelope), envelope.params.id ?? ''] as const;

/** Per-agent actions (docs/agents.md draws which status allows which). */
@Controller()
export class LifecycleHandlers {
  constructor(private readonly provisioning: ProvisioningService, private readonly runtime: RuntimeClient) {}

  @MessagePattern(SUBJECTS.agents.start)
  async start(@Payload() envelope: Envelope) {
    return ok(await this.provisioning.queueAction(...caller(envelope), 'start'));
  }

  @MessagePattern(SUBJECTS.agents.stop)
  async stop(@Payload() envelope: Envelope) {
    return ok(await this.provisioning.stop(...target(envelope)));
  }

  @MessagePattern(SUBJECTS.agents.restart)
  async restart(@Payload() envelope: Envelope) {
    return ok(await this.provisioning.queueAction(...caller(envelope), 'restart'));
  }

  @MessagePattern(SUBJECTS.agents.upgrade)
  async update(@Payload() envelope: Envelope) {
    return ok(await this.provisioning.queueAction(...caller(envelope), 'update'));
  }

  @MessagePattern(SUBJECTS.agents.repair)
  async repair(@Payload() envelope: Envelope) {
    return ok(await this.provisioning.queueAction(...caller(envelope), 'repair'));
  }

  @MessagePattern(SUBJECTS.agents.resetMemory)
  async resetMemory(@Payload() envelope: Envelope) {
    return ok(await this.runtime.resetMemory(...target(envelope)));
  }

  @MessagePattern(SUBJECTS.agents.stats)
  async stats(@Payload() envelope: Envelope) {
    return ok(await this.runtime.stats(...target(envelope)));
  }

  @MessagePattern(SUBJECTS.agents.messages)
  async messages(@Payload() envelope: Envelope) {
    return ok(await this.runtime.messages(...target(envelope)));
  }

  @MessagePattern(SUBJECTS.agents.sendMessage)
  async sendMessage(@Payload() envelope: Envelope) {
    return ok(await this.runtime.send(...target(envelope), validateAs(SendAgentMessageDto, envelope.body).message));
  }
}
