import type { AgentsEnv } from '../agents.env.js';
import { agentDataDir, copyMemoryFile } from './agent-data.js';
import { HostingProvider, type Workspace } from './hosting.provider.js';

/**
 * A container adapter whose agents keep their data in AGENT_DATA_DIR/<id> on the engine's host (a volume
 * bound there): the file explorer, the storage figures and a clone's memory copy read and write it there.
 */
export abstract class AgentDataHostingProvider extends HostingProvider {
  protected abstract readonly env: AgentsEnv;

  copyMemory(fromAgentId: string, toAgentId: string): Promise<void> {
    return copyMemoryFile(this.env, fromAgentId, toAgentId);
  }

  workspace(agentId: string): Workspace {
    return { path: agentDataDir(this.env, agentId), generated: [] };
  }

  workspacesRoot(): string {
    return this.env.AGENT_DATA_DIR;
  }
}
