import { Inject, Injectable, Logger } from '@nestjs/common';
import { lstat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CheckRepoActions, simpleGit, type SimpleGit } from 'simple-git';
import {
  ApiError, EXPLORER_MESSAGES as M, type GitCommitView, type GitDiffReply, type GitStatusReply, type GitSyncReply,
} from '@platform/contracts';
import { AGENTS_ENV } from '../agents.tokens.js';
import type { AgentsEnv } from '../agents.env.js';
import type { Workspace } from '../hosting/hosting.provider.js';
import { chosenRemote, shownRemote, withoutCredentials } from './git-remote.js';
import { WorkspaceLocks } from './workspace-locks.js';

const DEFAULT_SYNC_MESSAGE = 'sync changes';

/** The git variables this service sets itself; simple-git refuses every other GIT_ one. */
const GIT_VARIABLES = [
  'GIT_CEILING_DIRECTORIES', 'GIT_TERMINAL_PROMPT', 'GIT_LITERAL_PATHSPECS',
  'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL',
];

/**
 * Git on a workspace through simple-git (the git CLI). The workspace must be the repository's top
 * level: git never looks above it (GIT_CEILING_DIRECTORIES), so a workspace inside someone else's
 * checkout is not mistaken for that checkout. Hooks never run (a commit from a web request must not
 * run what a workspace holds), prompts never wait, and paths are literal, never globs.
 */
@Injectable()
export class WorkspaceGit {
  private readonly logger = new Logger('Explorer');

  constructor(private readonly locks: WorkspaceLocks, @Inject(AGENTS_ENV) private readonly env: AgentsEnv) {}

  /** An agent's workspace is a repository from the explorer's first look (docs/agents.md), its provider's own files ignored. */
  async ensureRepository(workspace: Workspace): Promise<void> {
    if (await lstat(path.join(workspace.path, '.git')).then(() => true, () => false)) return;
    await this.git(workspace.path).init(['--initial-branch=main']);
    const ignored = workspace.generated.map((name) => `/${name}\n`).join('');
    await writeFile(path.join(workspace.path, '.gitignore'), ignored, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }

  async status(root: string): Promise<GitStatusReply> {
    const git = this.git(root);
    if (!(await this.isRepository(git))) return { ok: true, isGitRepo: false, branch: null, remote: null, changes: [], hasChanges: false };
    const status = await git.status();
    const remote = await this.remote(git, status.current);
    const changes = status.files.map((file) => ({ status: `${file.index}${file.working_dir}`.replace(/\s/g, ''), path: file.path }));
    return { ok: true, isGitRepo: true, branch: status.current, remote: remote && shownRemote(remote.url), changes, hasChanges: changes.length > 0 };
  }

  /** Both diffs cut to share the reply's budget when together they would not fit. */
  async diff(root: string, pathspec: string | null): Promise<GitDiffReply> {
    const git = this.git(root);
    if (!(await this.isRepository(git))) throw new ApiError(400, M.notARepo);
    const only = pathspec === null ? [] : ['--', pathspec];
    const [unstaged, staged] = await Promise.all([git.diff(only), git.diff(['--cached', ...only])]);
    const half = Math.floor(this.env.BROWSE_REPLY_MAX_BYTES / 2);
    const fits = (text: string) => Buffer.byteLength(JSON.stringify(text)) <= half;
    const cut = (text: string) => (fits(text) ? text : Buffer.from(text).subarray(0, Math.floor(half / 2)).toString());
    return { ok: true, unstaged: unstaged ? cut(unstaged) : null, staged: staged ? cut(staged) : null, truncated: !fits(unstaged) || !fits(staged) };
  }

  /** Everything staged and committed, then pushed when the repository has a remote; one sync per workspace at a time. */
  sync(root: string, requested: string | undefined): Promise<GitSyncReply> {
    const message = requested?.trim() || DEFAULT_SYNC_MESSAGE;
    return this.locks.run(root, async () => {
      const git = this.git(root);
      if (!(await this.isRepository(git))) throw new ApiError(500, M.notARepo);
      const status = await this.failing('stage', () => git.add(['-A']).then(() => git.status()));
      if (!status.files.some((file) => file.index !== ' ' && file.index !== '?')) return { ok: true, committed: false, pushed: false, hash: null, message };
      await this.failing('commit', async () => git.env({ ...this.gitEnv(root), ...(await this.identity(git)) }).commit(message));
      const hash = (await git.revparse(['HEAD'])).trim();
      const remote = await this.remote(git, status.current);
      if (!remote) return { ok: true, committed: true, pushed: false, hash, message };
      try {
        await git.push(remote.name, status.current ?? 'HEAD', ['--set-upstream']);
        return { ok: true, committed: true, pushed: true, hash, message };
      } catch (error) {
        // The commit stands: the answer says so, and why the remote did not take it.
        return { ok: true, committed: true, pushed: false, hash, message, pushError: withoutCredentials(reason(error)) };
      }
    });
  }

  /** Newest first; none for a folder that is no repository or one without commits yet. */
  async log(root: string, limit: number): Promise<GitCommitView[]> {
    const git = this.git(root);
    if (!(await this.isRepository(git))) return [];
    // --quiet: no commit yet is an empty answer, not an error.
    if (!(await git.revparse(['--verify', '--quiet', 'HEAD']).catch(() => '')).trim()) return [];
    const log = await git.log<GitCommitView>({ maxCount: limit, format: { hash: '%H', shortHash: '%h', subject: '%s', author: '%an', date: '%ar' } });
    return log.all.map(({ hash, shortHash, subject, author, date }) => ({ hash, shortHash, subject, author, date }));
  }

  private git(root: string): SimpleGit {
    return simpleGit({
      baseDir: root,
      config: ['core.hooksPath=/dev/null'],
      timeout: { block: this.env.BROWSE_GIT_TIMEOUT_MS },
      allowEnvironment: GIT_VARIABLES,
      // Allowed so that it can be switched off: the hooks path set here is /dev/null.
      unsafe: { allowUnsafeHooksPath: true },
    }).env(this.gitEnv(root));
  }

  /**
   * Only what git needs to find itself and the host's credentials for a push (HOME, an ssh agent):
   * the service's own environment may name editors, pagers or config paths simple-git refuses.
   */
  private gitEnv(root: string): Record<string, string | undefined> {
    const { PATH, HOME, SSH_AUTH_SOCK } = process.env;
    return { PATH, HOME, SSH_AUTH_SOCK, GIT_CEILING_DIRECTORIES: path.dirname(root), GIT_TERMINAL_PROMPT: '0', GIT_LITERAL_PATHSPECS: '1' };
  }

  private isRepository(git: SimpleGit): Promise<boolean> {
    return git.checkIsRepo(CheckRepoActions.IS_REPO_ROOT).catch(() => false);
  }

  private async remote(git: SimpleGit, branch: string | null): Promise<{ name: string; url: string } | null> {
    const remotes = await git.getRemotes(true);
    const branchRemote = branch ? (await git.getConfig(`branch.${branch}.remote`)).value : null;
    const remote = chosenRemote(remotes, branchRemote);
    return remote ? { name: remote.name, url: remote.refs.push || remote.refs.fetch } : null;
  }

  /**
   * The repository's own committer when it configures one, else BROWSE_GIT_AUTHOR_*: a commit made
   * through the explorer is the platform's, not whoever the host's global git config names.
   */
  private async identity(git: SimpleGit): Promise<Record<string, string>> {
    const [name, email] = await Promise.all([git.getConfig('user.name', 'local'), git.getConfig('user.email', 'local')]);
    return {
      ...(name.value ? {} : { GIT_AUTHOR_NAME: this.env.BROWSE_GIT_AUTHOR_NAME, GIT_COMMITTER_NAME: this.env.BROWSE_GIT_AUTHOR_NAME }),
      ...(email.value ? {} : { GIT_AUTHOR_EMAIL: this.env.BROWSE_GIT_AUTHOR_EMAIL, GIT_COMMITTER_EMAIL: this.env.BROWSE_GIT_AUTHOR_EMAIL }),
    };
  }

  /** Staging and committing fail as the spec's 500; what git said is logged, not answered (it names the host's paths). */
  private async failing<T>(step: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.logger.warn(`git ${step} failed: ${withoutCredentials(reason(error))}`);
      throw new ApiError(500, M.gitFailed);
    }
  }
}

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).trim();
}
