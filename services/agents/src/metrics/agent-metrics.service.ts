import { Injectable } from '@nestjs/common';
import {
  LIVE_AGENT_STATUSES, scopedUser, type AgentMetricsQuery, type AgentMetricsReply, type LiveSample, type LiveSamplesReply,
} from '@platform/contracts';
import { AgentEntity } from '../agents/agent.entity.js';
import { AgentLifecycle } from '../agents/agent-lifecycle.service.js';
import { RuntimeClient } from '../agents/runtime-client.js';
import { WorkspaceUsage } from './workspace-usage.js';

type Raw = Record<string, string | number | null> & { agent_ids: string[] };

/**
 * One pass over the agents in scope (docs/metrics.md): live ones have a runtime serving, failed ones
 * are in `error`; a deployment is an agent sent to provisioning (not `pending`), a successful one
 * came up at least once and is not failed. Installed skills are the agent's `agent_skills` rows
 * (docs/skills.md); one installed in a month counts toward that month's growth. Workspace bytes are
 * what WorkspaceSizesWorker last measured.
 */
const COUNTS = `
  SELECT count(*) AS total,
    count(*) FILTER (WHERE status = ANY($1)) AS active,
    count(*) FILTER (WHERE status = 'error') AS failed,
    count(*) FILTER (WHERE status <> 'pending') AS deployed,
    count(*) FILTER (WHERE started_at IS NOT NULL AND status <> 'error') AS deployed_ok,
    coalesce(sum(skills.installed) FILTER (WHERE status = ANY($1)), 0) AS skills_active,
    coalesce(sum(skills.installed), 0) AS skills_total,
    coalesce(sum(skills.this_month), 0) AS skills_this_month,
    coalesce(sum(skills.last_month), 0) AS skills_last_month,
    coalesce(sum(a.workspace_bytes), 0) AS workspace_bytes,
    coalesce(array_agg(a.id::text), '{}') AS agent_ids
  FROM agents.agents a
  LEFT JOIN LATERAL (
    SELECT count(*) AS installed,
      count(*) FILTER (WHERE s.installed_at >= $2) AS this_month,
      count(*) FILTER (WHERE s.installed_at >= $3 AND s.installed_at < $2) AS last_month
    FROM agents.agent_skills s WHERE s.agent_id = a.id
  ) skills ON true`;

/**
 * How long a live reading waits for one runtime: a runtime slower than this is left out, well within
 * the metrics answer's own deadline (METRICS_QUERY_TIMEOUT_MS, 3 s), which HEALTH_PROBE_TIMEOUT_MS is not.
 */
const LIVE_SAMPLE_TIMEOUT_MS = 1000;

/** The aggregates of the agents service that the usage service's metrics ask for. */
@Injectable()
export class AgentMetricsService {
  constructor(private readonly lifecycle: AgentLifecycle, private readonly runtimes: RuntimeClient, private readonly workspaces: WorkspaceUsage) {}

  async metrics(query: AgentMetricsQuery): Promise<AgentMetricsReply> {
    const userId = scopedUser(query);
    const params: unknown[] = [LIVE_AGENT_STATUSES, query.monthStart, query.previousMonthStart];
    const sql = userId === null ? COUNTS : `${COUNTS} WHERE a.user_id = $${params.push(userId)}`;
    const [row] = await this.lifecycle.inScope(userId === null ? 'system' : { userId }, (manager) => manager.query(sql, params) as Promise<Raw[]>);
    const total = Number(row!.total);
    const active = Number(row!.active);
    const failed = Number(row!.failed);
    return {
      agents: { total, active, inactive: total - active - failed, failed },
      deployments: { total: Number(row!.deployed), successful: Number(row!.deployed_ok), failed },
      skills: {
        active: Number(row!.skills_active),
        total: Number(row!.skills_total),
        installedThisMonth: Number(row!.skills_this_month),
        installedLastMonth: Number(row!.skills_last_month),
      },
      workspaceBytes: Number(row!.workspace_bytes),
      volumeBytes: userId === null ? await this.workspaces.volumeBytes() : null,
      agentIds: userId === null ? [] : row!.agent_ids,
    };
  }

  /** Each of the user's live runtimes read now (its /health); one that does not answer is left out. */
  async liveSamples(userId: string): Promise<LiveSamplesReply> {
    const agents = await this.lifecycle.inScope({ userId }, (manager) => manager.findBy(AgentEntity, { userId }));
    const live = agents.filter((agent) => agent.runtimeUrl && LIVE_AGENT_STATUSES.includes(agent.status));
    const answers = await Promise.all(live.map(async (agent): Promise<LiveSample | null> => {
      const body = (await this.runtimes.health(agent, LIVE_SAMPLE_TIMEOUT_MS))?.body;
      if (typeof body?.cpuPercent !== 'number' || typeof body.memoryBytes !== 'number' || typeof body.memoryLimitBytes !== 'number') return null;
      const memoryPercent = body.memoryLimitBytes > 0 ? Math.min((body.memoryBytes * 100) / body.memoryLimitBytes, 100) : 0;
      return { agentId: agent.id, cpuPercent: body.cpuPercent, memoryPercent, uptimeMs: body.uptimeMs ?? 0 };
    }));
    return { samples: answers.filter((sample) => sample !== null) };
  }
}
