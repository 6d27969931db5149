import { ApiError, EXPLORER_MESSAGES as M } from '@platform/contracts';
import { isInside, pathSegments, refuseGitDir } from './workspace-path.js';

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof ApiError ? [error.status, error.message] : error;
  }
  return 'accepted';
};

describe('pathSegments', () => {
  it.each([['notes/today.md', ['notes', 'today.md']], ['./a//b/./c.txt', ['a', 'b', 'c.txt']], ['', []], ['..hidden/x', ['..hidden', 'x']]])(
    'reads %j as %j', (requested, segments) => {
      expect(pathSegments(requested)).toEqual(segments);
    });

  it.each(['../etc/passwd', 'a/../../b', 'a/..', '..\\secret', '/etc/passwd', '\\\\server\\share', 'C:\\Windows'])('refuses %j as outside', (requested) => {
    expect(refusal(() => pathSegments(requested))).toEqual([400, M.pathOutside]);
  });

  it('refuses a path longer than 4096 characters, or a name over 255 bytes', () => {
    expect(refusal(() => pathSegments('a/'.repeat(2049)))).toEqual([400, M.pathTooLong]);
    expect(refusal(() => pathSegments(`dir/${'é'.repeat(128)}`))).toEqual([400, M.pathTooLong]);
  });
});

describe('refuseGitDir', () => {
  it.each([['.git', 'config'], ['sub', '.GIT', 'hooks', 'pre-commit']])('refuses %j', (...segments) => {
    expect(refusal(() => refuseGitDir(segments))).toEqual([400, M.pathInGitDir]);
  });

  it('lets .gitignore and .github through', () => {
    expect(refusal(() => refuseGitDir(['.gitignore', '.github']))).toBe('accepted');
  });
});

describe('isInside', () => {
  it('holds the root and what is below it, not a sibling that shares its prefix', () => {
    expect(isInside('/w/agent', '/w/agent')).toBe(true);
    expect(isInside('/w/agent', '/w/agent/a/b')).toBe(true);
    expect(isInside('/w/agent', '/w/agent-2/a')).toBe(false);
    expect(isInside('/w/agent', '/w')).toBe(false);
  });
});
