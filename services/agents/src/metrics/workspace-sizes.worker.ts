import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hasRole } from '@platform/config';
import { Db } from '@platform/database';
import { PeriodicSweep } from '@platform/queue';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { WorkspaceUsage } from './workspace-usage.js';

/**
 * Measures each agent workspace this host holds every AGENT_WORKSPACE_MEASURE_MS and keeps the figure
 * on the agent's row: walking folders on disk is too slow for a metrics request to wait on (the
 * platform's view would walk every workspace), so the storage figure sums what was last measured.
 */
@Injectable()
export class WorkspaceSizesWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweep: PeriodicSweep<string>;

  constructor(private readonly db: Db, workspaces: WorkspaceUsage, @Inject(AGENTS_ENV) private readonly env: AgentsEnv) {
    this.sweep = new PeriodicSweep('workspace size', new Logger(WorkspaceSizesWorker.name), () => this.agentIds(), async (agentId) => {
      const bytes = await workspaces.bytesOf(agentId);
      if (bytes !== null) await db.asSystem((manager) => manager.query('UPDATE agents.agents SET workspace_bytes = $2 WHERE id = $1', [agentId, bytes]));
    });
  }

  onApplicationBootstrap(): void {
    if (!hasRole(this.env, 'worker')) return;
    void this.sweep.sweep();
    this.sweep.start(this.env.AGENT_WORKSPACE_MEASURE_MS);
  }

  onApplicationShutdown(): void {
    this.sweep.stop();
  }

  private async agentIds(): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.db.asSystem((manager) => manager.query('SELECT id FROM agents.agents'));
    return rows.map((row) => row.id);
  }
}
