import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { RUNTIME_MEMORY_FILE } from '@platform/contracts';
import type { AgentsEnv } from '../agents.env.js';

/** The agent's data folder on this host (memory, history, workspace): AGENT_DATA_DIR/<agent id>. */
export const agentDataDir = (env: AgentsEnv, agentId: string): string => path.join(env.AGENT_DATA_DIR, agentId);

/** A clone's data folder gets its parent's memory file; a parent that remembers nothing is no error. */
export async function copyMemoryFile(env: AgentsEnv, fromAgentId: string, toAgentId: string): Promise<void> {
  await mkdir(agentDataDir(env, toAgentId), { recursive: true });
  await copyFile(path.join(agentDataDir(env, fromAgentId), RUNTIME_MEMORY_FILE), path.join(agentDataDir(env, toAgentId), RUNTIME_MEMORY_FILE))
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
}
