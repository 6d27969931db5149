import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AgentNamesRequest, BusEndpointQuery, HealthReport, RuntimeUsageQuery, SUBJECTS, validateAs, WatchdogFailRequest, WatchdogRepairRequest,
  type AgentNamesReply, type AgentStatusReply, type BusEndpointReply, type HostingStatusReply, type RuntimeUsageReply, type WatchTargetsReply,
} from '@platform/contracts';
import { InstancesService } from '../instances/instances.service.js';
import type { AgentEntity } from './agent.entity.js';
import { AgentLifecycle } from './agent-lifecycle.service.js';
import { AgentsService } from './agents.service.js';
import { ProvisioningService } from './provisioning.service.js';

/**
 * Service-to-service queries (data in, data out, no envelope) of the watchdog, usage and the bus. The watchdog's verdicts that the
 * state machine does not allow from the agent's status change nothing; the reply says where it stands.
 */
@Controller()
export class WatchdogHandlers {
  constructor(
    private readonly lifecycle: AgentLifecycle,
    private readonly agents: AgentsService,
    private readonly provisioning: ProvisioningService,
    private readonly instances: InstancesService,
  ) {}

  @MessagePattern(SUBJECTS.agents.hostingStatus)
  hostingStatus(): Promise<HostingStatusReply> {
    return this.provisioning.hostingStatus();
  }

  @MessagePattern(SUBJECTS.agents.watchTargets)
  watchTargets(): Promise<WatchTargetsReply> {
    return this.agents.watchTargets();
  }

  @MessagePattern(SUBJECTS.agents.healthReport)
  async healthReport(@Payload() data: unknown): Promise<AgentStatusReply> {
    const report = validateAs(HealthReport, data);
    const changed = await this.lifecycle.tryTransition(report.agentId, report.state === 'degraded' ? 'degrade' : 'recover', { reason: report.reason });
    return this.replyFor(report.agentId, changed);
  }

  @MessagePattern(SUBJECTS.agents.watchdogRepair)
  async repair(@Payload() data: unknown): Promise<AgentStatusReply> {
    const request = validateAs(WatchdogRepairRequest, data);
    return this.replyFor(request.agentId, await this.provisioning.heal(request.agentId, request.reason));
  }

  @MessagePattern(SUBJECTS.agents.watchdogFail)
  async fail(@Payload() data: unknown): Promise<AgentStatusReply> {
    const request = validateAs(WatchdogFailRequest, data);
    return this.replyFor(request.agentId, await this.provisioning.fail(request.agentId, request.reason));
  }

  /** The watchdog's container metrics read the host's figures where the hosting provider measures them. */
  @MessagePattern(SUBJECTS.agents.runtimeUsage)
  runtimeUsage(@Payload() data: unknown): Promise<RuntimeUsageReply> {
    return this.instances.usage(validateAs(RuntimeUsageQuery, data).agentId);
  }

  @MessagePattern(SUBJECTS.agents.names)
  names(@Payload() data: unknown): Promise<AgentNamesReply> {
    const request = validateAs(AgentNamesRequest, data);
    return this.agents.names(request.userId, request.agentIds);
  }

  /** The bus asks where to deliver an agent's messages. */
  @MessagePattern(SUBJECTS.agents.busEndpoint)
  busEndpoint(@Payload() data: unknown): Promise<BusEndpointReply> {
    return this.agents.busEndpoint(validateAs(BusEndpointQuery, data).agentId);
  }

  /** The status the verdict's transition left, or, when it changed nothing, where the agent stands. */
  private async replyFor(agentId: string, changed: AgentEntity | null): Promise<AgentStatusReply> {
    if (changed) return { agentId, status: changed.status };
    const agent = await this.lifecycle.find('system', agentId).catch(() => null);
    return { agentId, status: agent?.status ?? 'deleted' };
  }
}
