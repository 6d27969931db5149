import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BrowseNode } from '@platform/contracts';
import { isInside } from './workspace-path.js';

/** Left out of the tree (extended-services 4.12): build output, caches, dependencies and git's own folder. */
export const TREE_EXCLUDED = new Set(['node_modules', '.git', '.next', 'dist', 'build', '.cache', '__pycache__']);

/** Alphabetical as a person reads it: case does not split the list, `file2` comes before `file10`. */
const ALPHABETICAL = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** What one node adds to the answer besides its name and path: quotes, keys, commas. */
const NODE_OVERHEAD_BYTES = 48;

export interface TreeOptions {
  depth: number;
  /** The answer's size in bytes of JSON; the tree stops growing when the next node would pass it. */
  budgetBytes: number;
}

/**
 * The workspace's tree, folders before files, each level alphabetical, `depth` levels below the
 * root. Walked one folder at a time in that order, so a tree cut at the budget is always the same
 * prefix. A symlink is listed as what it points to only when that stays inside the root, and a
 * linked folder is never descended into (no loops, no second copy of a subtree).
 */
export async function fileTree(root: string, name: string, options: TreeOptions): Promise<{ root: BrowseNode; truncated: boolean }> {
  let spent = 0;
  let truncated = false;

  const entry = (type: BrowseNode['type'], entryName: string, entryPath: string): BrowseNode | null => {
    const node: BrowseNode = type === 'folder' ? { type, name: entryName, path: entryPath, children: [] } : { type, name: entryName, path: entryPath };
    const cost = Buffer.byteLength(entryName) + Buffer.byteLength(entryPath) + NODE_OVERHEAD_BYTES;
    if (spent + cost > options.budgetBytes) {
      truncated = true;
      return null;
    }
    spent += cost;
    return node;
  };

  const fill = async (folder: BrowseNode, absolute: string, level: number): Promise<void> => {
    const entries = await listed(root, absolute);
    for (const { dirent, type, linked } of entries) {
      if (truncated) return;
      const child = entry(type, dirent.name, folder.path ? `${folder.path}/${dirent.name}` : dirent.name);
      if (!child) return;
      folder.children!.push(child);
      if (type === 'folder' && !linked && level < options.depth) await fill(child, path.join(absolute, dirent.name), level + 1);
    }
  };

  const top: BrowseNode = { type: 'folder', name, path: '', children: [] };
  await fill(top, root, 1);
  return { root: top, truncated };
}

interface Listed {
  dirent: Dirent;
  type: BrowseNode['type'];
  linked: boolean;
}

/** A folder's entries as the tree shows them, folders first, then alphabetical. */
async function listed(root: string, folder: string): Promise<Listed[]> {
  const dirents = await readdir(folder, { withFileTypes: true });
  const kept: Listed[] = [];
  for (const dirent of dirents) {
    if (TREE_EXCLUDED.has(dirent.name)) continue;
    if (dirent.isDirectory()) kept.push({ dirent, type: 'folder', linked: false });
    else if (dirent.isFile()) kept.push({ dirent, type: 'file', linked: false });
    else if (dirent.isSymbolicLink()) {
      const target = await linkTarget(root, path.join(folder, dirent.name));
      if (target) kept.push({ dirent, type: target, linked: true });
    }
  }
  return kept.sort((a, b) => (a.type === b.type ? ALPHABETICAL.compare(a.dirent.name, b.dirent.name) : a.type === 'folder' ? -1 : 1));
}

/** What a symlink points to when it resolves inside the root; null when it leads out, nowhere, or to neither kind. */
async function linkTarget(root: string, link: string): Promise<BrowseNode['type'] | null> {
  try {
    const target = await realpath(link);
    if (!isInside(root, target)) return null;
    const stats = await stat(target);
    return stats.isDirectory() ? 'folder' : stats.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}
