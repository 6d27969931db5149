import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ApiError, BrowseReadQuery, BrowseTreeQuery, BrowseWorkspaceQuery, BrowseWriteDto, EXPLORER_LIMITS, EXPLORER_MESSAGES as M, forbidden,
  GitDiffQuery, GitLogQuery, GitSyncDto, ok, requireUser, SUBJECTS, validateAs, type Envelope,
} from '@platform/contracts';
import { WorkspaceFiles } from './workspace-files.service.js';
import { WorkspaceGit } from './workspace-git.service.js';
import { pathSegments, refuseGitDir, relativeOf } from './workspace-path.js';
import { WorkspaceRoots, type BrowseRoot } from './workspace-roots.js';

/** The file explorer (extended-services 4.12), backend routes for the internal key. */
@Controller()
export class ExplorerHandlers {
  constructor(private readonly roots: WorkspaceRoots, private readonly files: WorkspaceFiles, private readonly git: WorkspaceGit) {}

  @MessagePattern(SUBJECTS.agents.browseTree)
  async tree(@Payload() envelope: Envelope) {
    const query = validateAs(BrowseTreeQuery, envelope.query);
    return ok(await this.files.tree(await this.root(envelope, query), query.depth ?? EXPLORER_LIMITS.treeDepthDefault));
  }

  @MessagePattern(SUBJECTS.agents.browseRead)
  async read(@Payload() envelope: Envelope) {
    const query = validateAs(BrowseReadQuery, envelope.query);
    return ok(await this.files.read(await this.root(envelope, query), query.path));
  }

  @MessagePattern(SUBJECTS.agents.browseWrite)
  async write(@Payload() envelope: Envelope) {
    const body = validateAs(BrowseWriteDto, envelope.body);
    return ok(await this.files.write(await this.root(envelope, body), body.path, body.content));
  }

  @MessagePattern(SUBJECTS.agents.gitStatus)
  async status(@Payload() envelope: Envelope) {
    return ok(await this.git.status((await this.root(envelope, validateAs(BrowseWorkspaceQuery, envelope.query))).path));
  }

  @MessagePattern(SUBJECTS.agents.gitDiff)
  async diff(@Payload() envelope: Envelope) {
    const query = validateAs(GitDiffQuery, envelope.query);
    return ok(await this.git.diff((await this.root(envelope, query)).path, query.path === undefined ? null : diffPath(query.path)));
  }

  @MessagePattern(SUBJECTS.agents.gitSync)
  async sync(@Payload() envelope: Envelope) {
    const body = validateAs(GitSyncDto, envelope.body);
    return ok(await this.git.sync((await this.root(envelope, body)).path, body.message));
  }

  @MessagePattern(SUBJECTS.agents.gitLog)
  async log(@Payload() envelope: Envelope) {
    const query = validateAs(GitLogQuery, envelope.query);
    const limit = Math.min(query.limit ?? EXPLORER_LIMITS.logDefault, EXPLORER_LIMITS.logMax);
    return ok({ ok: true, commits: await this.git.log((await this.root(envelope, query)).path, limit) });
  }

  /**
   * The internal key's only (the route table says so; this holds if a route is ever added
   * elsewhere). A write or sync may name its agent in the query or the body, not two different ones.
   */
  private root(envelope: Envelope, request: BrowseWorkspaceQuery): Promise<BrowseRoot> {
    if (requireUser(envelope).via !== 'internal') throw forbidden();
    const inQuery = envelope.query.agentId === undefined ? undefined : validateAs(BrowseWorkspaceQuery, envelope.query).agentId;
    if (inQuery !== undefined && request.agentId !== undefined && inQuery !== request.agentId) throw new ApiError(400, M.agentIdMismatch);
    return this.roots.open(request.agentId ?? inQuery);
  }
}

/** A diff's path is held to the same rules as a read's, and never names git's own folder. */
function diffPath(requested: string): string | null {
  const segments = pathSegments(requested);
  refuseGitDir(segments);
  return segments.length ? relativeOf(segments) : null;
}
