import path from 'node:path';
import { ApiError, EXPLORER_LIMITS, EXPLORER_MESSAGES as M } from '@platform/contracts';

/**
 * A requested path as names below the workspace root, refused (400) before anything is looked up
 * when it is absolute, climbs with `..`, or is longer than a path can be. NUL never gets here: the
 * contract refuses it. Backslashes separate too, so `..\\x` is no way around the check.
 */
export function pathSegments(requested: string): string[] {
  if (requested.length > EXPLORER_LIMITS.pathChars) throw new ApiError(400, M.pathTooLong);
  if (path.isAbsolute(requested) || /^[\\/]|^[a-zA-Z]:/.test(requested)) throw new ApiError(400, M.pathOutside);
  const segments = requested.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw new ApiError(400, M.pathOutside);
  if (segments.some((segment) => Buffer.byteLength(segment) > EXPLORER_LIMITS.nameChars)) throw new ApiError(400, M.pathTooLong);
  return segments;
}

/**
 * The repository's own folder is never read or written through the explorer: its config can run
 * commands (hooks, fsmonitor) and hold a remote's credentials.
 */
export function refuseGitDir(segments: string[]): void {
  if (segments.some((segment) => segment.toLowerCase() === '.git')) throw new ApiError(400, M.pathInGitDir);
}

/** Whether a resolved (real) path is the root or below it. */
export function isInside(root: string, target: string): boolean {
  return target === root || target.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`);
}

/** The `/`-separated path the answers carry, relative to the root. */
export function relativeOf(segments: string[]): string {
  return segments.join('/');
}
