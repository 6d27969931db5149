import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, MaxLength, Min } from 'class-validator';
import { EXPLORER_MESSAGES as M } from './explorer-messages.js';

/** Limits of extended-services 8: a read of at most 1 MB, a tree at most 4 deep, at most 100 commits. */
export const EXPLORER_LIMITS = {
  readBytes: 1024 * 1024,
  treeDepthDefault: 3,
  treeDepthMax: 4,
  logDefault: 20,
  logMax: 100,
  /** PATH_MAX and NAME_MAX of Linux: a longer path cannot name a file, so it is refused before any lookup. */
  pathChars: 4096,
  nameChars: 255,
  messageChars: 1000,
} as const;

/** Every /api/browse route: an agent's workspace, or BROWSE_ROOT without agentId. */
export class BrowseWorkspaceQuery {
  @IsOptional() @IsUUID('all', { message: M.agentIdInvalid }) agentId?: string;
}

export class BrowseTreeQuery extends BrowseWorkspaceQuery {
  @IsOptional() @Min(1, { message: M.depthInvalid }) @IsInt({ message: M.depthInvalid }) @Type(() => Number) depth?: number;
}

/** GET /read; GET /git-diff names a path optionally. */
export class BrowseReadQuery extends BrowseWorkspaceQuery {
  @IsString({ message: M.pathRequired }) path!: string;
}

export class GitDiffQuery extends BrowseWorkspaceQuery {
  @IsOptional() @IsString({ message: M.pathRequired }) path?: string;
}

export class GitLogQuery extends BrowseWorkspaceQuery {
  @IsOptional() @Min(1, { message: M.limitInvalid }) @IsInt({ message: M.limitInvalid }) @Type(() => Number) limit?: number;
}

/** POST /write: agentId may come in the body as well as the query. */
export class BrowseWriteDto extends BrowseWorkspaceQuery {
  @IsString({ message: M.pathRequired }) path!: string;
  @IsString({ message: M.contentRequired }) content!: string;
}

/** POST /git-sync: `sync changes` when no message is given. */
export class GitSyncDto extends BrowseWorkspaceQuery {
  @IsOptional() @MaxLength(EXPLORER_LIMITS.messageChars, { message: M.messageInvalid }) @IsString({ message: M.messageInvalid }) message?: string;
}
