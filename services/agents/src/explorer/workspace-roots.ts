import { Inject, Injectable } from '@nestjs/common';
import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ApiError, EXPLORER_MESSAGES as M } from '@platform/contracts';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { AgentLifecycle } from '../agents/agent-lifecycle.service.js';
import { HostingProvider } from '../hosting/hosting.provider.js';
import { WorkspaceGit } from './workspace-git.service.js';

/** A workspace the explorer works in: its real path (symlinks resolved) and the name its tree's root shows. */
export interface BrowseRoot {
  path: string;
  name: string;
}

/**
 * Which folder a request browses (extended-services 4.12): the agent's workspace when it names one
 * (any agent: bearer callers act for the platform), BROWSE_ROOT otherwise. An agent's workspace is
 * made, and made a repository, the first time it is browsed, so its owner can commit from the start.
 */
@Injectable()
export class WorkspaceRoots {
  constructor(
    private readonly lifecycle: AgentLifecycle,
    private readonly hosting: HostingProvider,
    private readonly git: WorkspaceGit,
    @Inject(AGENTS_ENV) private readonly env: AgentsEnv,
  ) {}

  async open(agentId: string | undefined): Promise<BrowseRoot> {
    if (agentId === undefined) return this.browseRoot();
    const agent = await this.lifecycle.find('system', agentId);
    const workspace = this.hosting.workspace(agent.id);
    if (!workspace) throw new ApiError(409, M.workspaceElsewhere);
    await mkdir(workspace.path, { recursive: true });
    await this.git.ensureRepository(workspace);
    return { path: await realpath(workspace.path), name: agent.id };
  }

  private async browseRoot(): Promise<BrowseRoot> {
    if (!this.env.BROWSE_ROOT) throw new ApiError(400, M.noBrowseRoot);
    const root = await realpath(this.env.BROWSE_ROOT);
    return { path: root, name: path.basename(root) };
  }
}
