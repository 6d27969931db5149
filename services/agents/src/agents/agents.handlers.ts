import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  created, CreateAgentDto, DeploymentDto, ok, ProvisionAgentDto, PutAgentConfigDto, requireUser, SUBJECTS, UpdateAgentDto,
  validateAs, type Envelope,
} from '@platform/contracts';
import { AgentsService, scopeOf } from './agents.service.js';
import { ProvisioningService } from './provisioning.service.js';

/** Agent records and provisioning, both surfaces (routes.ts says which auth each path has). */
@Controller()
export class AgentsHandlers {
  constructor(private readonly agents: AgentsService, private readonly provisioning: ProvisioningService) {}

  @MessagePattern(SUBJECTS.agents.list)
  async list(@Payload() envelope: Envelope) {
    return ok(await this.agents.list(envelope.auth));
  }

  @MessagePattern(SUBJECTS.agents.get)
  async get(@Payload() envelope: Envelope) {
    return ok(await this.agents.get(requireUser(envelope), envelope.params.id ?? ''));
  }

  @MessagePattern(SUBJECTS.agents.create)
  async create(@Payload() envelope: Envelope) {
    return created(await this.agents.create(requireUser(envelope), validateAs(CreateAgentDto, envelope.body)));
  }

  @MessagePattern(SUBJECTS.agents.update)
  async update(@Payload() envelope: Envelope) {
    return ok(await this.agents.update(envelope.params.id ?? '', validateAs(UpdateAgentDto, envelope.body)));
  }

  @MessagePattern(SUBJECTS.agents.delete)
  async delete(@Payload() envelope: Envelope) {
    return ok(await this.agents.delete(envelope.params.id ?? ''));
  }

  @MessagePattern(SUBJECTS.agents.provision)
  async provision(@Payload() envelope: Envelope) {
    return created(await this.provisioning.provision(requireUser(envelope), validateAs(ProvisionAgentDto, envelope.body)));
  }

  @MessagePattern(SUBJECTS.agents.listProvisioned)
  async listProvisioned(@Payload() envelope: Envelope) {
    return ok(await this.agents.listProvisioned(requireUser(envelope).userId));
  }

  @MessagePattern(SUBJECTS.agents.deploy)
  async deploy(@Payload() envelope: Envelope) {
    return created(await this.provisioning.deployment(validateAs(DeploymentDto, envelope.body)));
  }

  @MessagePattern(SUBJECTS.agents.getConfig)
  async getConfig(@Payload() envelope: Envelope) {
    return ok(await this.agents.config(scopeOf(requireUser(envelope)), envelope.params.id ?? ''));
  }

  @MessagePattern(SUBJECTS.agents.putConfig)
  async putConfig(@Payload() envelope: Envelope) {
    const { config } = validateAs(PutAgentConfigDto, envelope.body);
    return ok(await this.agents.putConfig(scopeOf(requireUser(envelope)), envelope.params.id ?? '', config));
  }

  @MessagePattern(SUBJECTS.agents.token)
  async token(@Payload() envelope: Envelope) {
    return ok(await this.agents.token(scopeOf(requireUser(envelope)), envelope.params.id ?? ''));
  }
}
