import { Injectable } from '@nestjs/common';
import { statfs } from 'node:fs/promises';
import getFolderSize from 'get-folder-size';
import { HostingProvider } from '../hosting/hosting.provider.js';

/**
 * Bytes of an agent's workspace on this host's disk (get-folder-size: each inode once, symlinks not
 * followed), and the capacity of the volume holding the workspaces. Unreadable entries are skipped
 * rather than failing the figure.
 */
@Injectable()
export class WorkspaceUsage {
  constructor(private readonly hosting: HostingProvider) {}

  /** null when the workspace is not on this host (another host's agent, or one never started here). */
  async bytesOf(agentId: string): Promise<number | null> {
    const folder = this.hosting.workspace(agentId)?.path;
    return folder ? Number(await getFolderSize.loose(folder)) : null;
  }

  async volumeBytes(): Promise<number | null> {
    const root = this.hosting.workspacesRoot();
    if (!root) return null;
    const stats = await statfs(root).catch(() => null);
    return stats ? stats.blocks * stats.bsize : null;
  }
}
