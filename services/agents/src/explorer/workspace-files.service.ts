import { Inject, Injectable } from '@nestjs/common';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  ApiError, EXPLORER_LIMITS, EXPLORER_MESSAGES as M, type BrowseReadReply, type BrowseTreeReply, type BrowseWriteReply,
} from '@platform/contracts';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import { fileTree } from './file-tree.js';
import { WorkspaceLocks } from './workspace-locks.js';
import { isInside, pathSegments, refuseGitDir, relativeOf } from './workspace-path.js';
import type { BrowseRoot } from './workspace-roots.js';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The explorer's tree, read and write. Every path is checked twice: as written (pathSegments), and
 * where it really leads once symlinks are followed, which must stay inside the workspace's real path.
 */
@Injectable()
export class WorkspaceFiles {
  constructor(private readonly locks: WorkspaceLocks, @Inject(AGENTS_ENV) private readonly env: AgentsEnv) {}

  async tree(root: BrowseRoot, depth: number): Promise<BrowseTreeReply> {
    const tree = await fileTree(root.path, root.name, {
      depth: Math.min(depth, EXPLORER_LIMITS.treeDepthMax),
      budgetBytes: this.env.BROWSE_REPLY_MAX_BYTES,
    });
    return { ok: true, ...tree };
  }

  async read(root: BrowseRoot, requested: string): Promise<BrowseReadReply> {
    const segments = pathSegments(requested);
    refuseGitDir(segments);
    const target = await this.existing(root, segments);
    const stats = await stat(target);
    if (!stats.isFile()) throw new ApiError(400, M.notAFile);
    if (stats.size > EXPLORER_LIMITS.readBytes) throw new ApiError(400, M.fileTooLarge);
    let content: string;
    try {
      content = UTF8.decode(await readFile(target));
    } catch {
      throw new ApiError(400, M.notUtf8);
    }
    const reply: BrowseReadReply = { ok: true, path: relativeOf(segments), content, size: stats.size, modified: stats.mtime.toISOString() };
    if (Buffer.byteLength(JSON.stringify(reply)) > this.env.BROWSE_REPLY_MAX_BYTES) throw new ApiError(400, M.tooLargeToSend);
    return reply;
  }

  /** Parent folders are made as needed, never through a link that leads out; the file itself is never followed out either. */
  async write(root: BrowseRoot, requested: string, content: string): Promise<BrowseWriteReply> {
    const segments = pathSegments(requested);
    if (!segments.length) throw new ApiError(400, M.pathRequired);
    refuseGitDir(segments);
    return this.locks.run(root.path, async () => {
      const folder = await this.folderFor(root, segments.slice(0, -1));
      const target = await this.writable(root, path.join(folder, segments.at(-1)!));
      const file = await open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EISDIR') throw new ApiError(400, M.notAFile);
        if (error.code === 'ELOOP') throw new ApiError(400, M.pathOutside);
        throw error;
      });
      try {
        await file.writeFile(content, 'utf8');
      } finally {
        await file.close();
      }
      return { ok: true, path: relativeOf(segments), size: Buffer.byteLength(content) };
    });
  }

  /** The real path of something that exists inside the root: 404 when nothing is there, 400 when it leads out. */
  private async existing(root: BrowseRoot, segments: string[]): Promise<string> {
    const target = await realpath(path.join(root.path, ...segments)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') throw new ApiError(404, M.fileNotFound);
      if (error.code === 'ELOOP' || error.code === 'ENAMETOOLONG') throw new ApiError(400, M.pathOutside);
      throw error;
    });
    return heldInside(root, target);
  }

  /**
   * The real folder a file goes in: the deepest part of the path that exists is resolved and held
   * inside the root before anything is made below it, so a linked folder pointing out never gets
   * new folders, and what is made is made by us, not a link.
   */
  private async folderFor(root: BrowseRoot, folders: string[]): Promise<string> {
    let depth = folders.length;
    while (depth > 0 && !(await lstat(path.join(root.path, ...folders.slice(0, depth))).then(() => true, () => false))) depth -= 1;
    const base = depth === 0 ? root.path : await this.existing(root, folders.slice(0, depth));
    if (!(await stat(base)).isDirectory()) throw new ApiError(400, M.notAFile);
    if (depth === folders.length) return base;
    const made = path.join(base, ...folders.slice(depth));
    await mkdir(made, { recursive: true });
    return made;
  }

  /** A link standing where the file goes is written through only when it leads inside the root. */
  private async writable(root: BrowseRoot, target: string): Promise<string> {
    const found = await lstat(target).catch(() => null);
    if (!found?.isSymbolicLink()) return target;
    const resolved = await realpath(target).catch(() => null);
    if (!resolved) throw new ApiError(400, M.pathOutside);
    return heldInside(root, resolved);
  }
}

/** A real path inside the root and outside its .git, whatever link led there. */
function heldInside(root: BrowseRoot, real: string): string {
  if (!isInside(root.path, real)) throw new ApiError(400, M.pathOutside);
  refuseGitDir(path.relative(root.path, real).split(path.sep));
  return real;
}
