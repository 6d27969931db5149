import { Injectable } from '@nestjs/common';
import { statfs } from 'node:fs/promises';
import getFolderSize from 'get-folder-size';
import { HostingProvider } from '../hosting/hosting.provider.js';

/**
 * Bytes of agent workspaces on this host's disk (get-folder-size: each inode once, symlinks not
 * followed), and the capacity of the volume holding them. A workspace that is not there (an agent
 * never started) weighs nothing; unreadable entries are skipped rather than failing the figure.
 */
@Injectable()
export class WorkspaceUsage {
  constructor(private readonly hosting: HostingProvider) {}

  async bytesOf(agentIds: string[] | 'all'): Promise<number> {
    const paths = agentIds === 'all'
      ? [this.hosting.workspacesRoot()]
      : agentIds.map((agentId) => this.hosting.workspace(agentId)?.path ?? null);
    const sizes = await Promise.all(paths.map((folder) => (folder ? getFolderSize.loose(folder) : 0)));
    return sizes.reduce((sum, size) => sum + Number(size), 0);
  }

  async volumeBytes(): Promise<number | null> {
    const root = this.hosting.workspacesRoot();
    if (!root) return null;
    const stats = await statfs(root).catch(() => null);
    return stats ? stats.blocks * stats.bsize : null;
  }
}
