import { Injectable, Logger } from '@nestjs/common';
import { Db } from '@platform/database';
import type { AgentEntity } from '../agents/agent.entity.js';
import { AgentLifecycle } from '../agents/agent-lifecycle.service.js';
import { allows } from '../agents/agent-state-machine.js';
import { RuntimeClient } from '../agents/runtime-client.js';
import { HostingProvider } from '../hosting/hosting.provider.js';
import { HEARTBEAT_PROMPT } from './heartbeat-prompt.js';
import { HeartbeatSchedules } from './heartbeat-schedules.js';
import { HeartbeatSettingsEntity, type HeartbeatOutcome } from './heartbeat-settings.entity.js';

interface BeatResult {
  outcome: HeartbeatOutcome;
  detail: string | null;
}

/**
 * One beat (docs/agents.md, Heartbeats). An agent whose runtime serves messages is sent
 * HEARTBEAT_PROMPT the way POST /api/agents/:id/messages sends one (its runtime, then the AI layer);
 * any other is only probed by the hosting provider, so the beats of a stopped agent cost no tokens.
 * A failed prompt is an outcome, not a job failure: the next tick is the retry.
 */
@Injectable()
export class HeartbeatBeats {
  private readonly logger = new Logger('Heartbeat');

  constructor(
    private readonly db: Db,
    private readonly lifecycle: AgentLifecycle,
    private readonly runtime: RuntimeClient,
    private readonly hosting: HostingProvider,
    private readonly schedules: HeartbeatSchedules,
  ) {}

  async beat(agentId: string): Promise<void> {
    const at = new Date();
    const settings = await this.db.asSystem((manager) => manager.findOneBy(HeartbeatSettingsEntity, { agentId }));
    // Deleted (with its agent) or disabled while this tick waited: the schedule is a leftover.
    if (!settings?.enabled) {
      await this.schedules.remove(agentId);
      return;
    }
    const { outcome, detail } = await this.run(await this.lifecycle.find('system', agentId));
    // The scheduler queued its next job before this one started: that is the next beat.
    const nextHeartbeat = await this.schedules.nextAt(agentId);
    await this.db.asSystem((manager) => manager.update(HeartbeatSettingsEntity, { agentId }, {
      lastHeartbeat: at, nextHeartbeat, lastBeatAt: at, lastBeatOutcome: outcome, lastBeatDetail: detail,
    }));
    this.logger.log({ agentId, outcome, msg: `heartbeat ${outcome}${detail ? `: ${detail}` : ''}` });
  }

  private async run(agent: AgentEntity): Promise<BeatResult> {
    if (!allows('message', agent.status) || !agent.runtimeUrl) {
      const { state } = await this.hosting.inspect(agent.id);
      return { outcome: 'skipped-not-running', detail: `agent ${agent.status}, runtime ${state}` };
    }
    try {
      await this.runtime.send('system', agent.id, HEARTBEAT_PROMPT);
      return { outcome: 'ok', detail: null };
    } catch (error) {
      return { outcome: 'failed', detail: error instanceof Error ? error.message : String(error) };
    }
  }
}
