/** One entry of GET /api/browse/tree; paths are relative to the workspace, `/`-separated, `` for its root. */
export interface BrowseNode {
  type: 'file' | 'folder';
  name: string;
  path: string;
  /** Folders only; empty for a folder below the depth asked for. */
  children?: BrowseNode[];
}

export interface BrowseTreeReply {
  ok: true;
  root: BrowseNode;
  /** Ours: true when the tree stopped at BROWSE_TREE_MAX_ENTRIES entries. */
  truncated: boolean;
}

export interface BrowseReadReply {
  ok: true;
  path: string;
  content: string;
  size: number;
  modified: string;
}

export interface BrowseWriteReply {
  ok: true;
  path: string;
  size: number;
}

export interface GitChange {
  /** git's two status letters (porcelain v1) without blanks: `M`, `A`, `D`, `R`, `MM`, `??`. */
  status: string;
  path: string;
}

export interface GitStatusReply {
  ok: true;
  isGitRepo: boolean;
  branch: string | null;
  remote: string | null;
  changes: GitChange[];
  hasChanges: boolean;
}

export interface GitDiffReply {
  ok: true;
  unstaged: string | null;
  staged: string | null;
  /** Ours: true when a diff was cut to fit one reply. */
  truncated: boolean;
}

export interface GitSyncReply {
  ok: true;
  committed: boolean;
  pushed: boolean;
  hash: string | null;
  message: string;
  /** Ours: why the push failed, when the commit was made but the remote refused it. */
  pushError?: string;
}

export interface GitCommitView {
  hash: string;
  shortHash: string;
  subject: string;
  author: string;
  /** Relative, as git says it: `5 minutes ago`. */
  date: string;
}

export interface GitLogReply {
  ok: true;
  commits: GitCommitView[];
}
