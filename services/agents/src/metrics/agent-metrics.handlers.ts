import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AgentMetricsQuery, LiveSamplesQuery, SUBJECTS, validateAs, type AgentMetricsReply, type LiveSamplesReply } from '@platform/contracts';
import { AgentMetricsService } from './agent-metrics.service.js';

/** Queries of the usage service's metrics (docs/metrics.md): data in, data out. */
@Controller()
export class AgentMetricsHandlers {
  constructor(private readonly metrics: AgentMetricsService) {}

  @MessagePattern(SUBJECTS.agents.metrics)
  counts(@Payload() data: unknown): Promise<AgentMetricsReply> {
    return this.metrics.metrics(validateAs(AgentMetricsQuery, data));
  }

  @MessagePattern(SUBJECTS.agents.liveSamples)
  liveSamples(@Payload() data: unknown): Promise<LiveSamplesReply> {
    return this.metrics.liveSamples(validateAs(LiveSamplesQuery, data).userId);
  }
}
