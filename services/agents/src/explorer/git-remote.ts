/**
 * A remote's URL as the answers show it: credentials written into an http(s) URL
 * (`https://user:token@host/repo`) are taken out; other forms (`git@host:repo`, paths) are kept.
 */
export function shownRemote(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Error text with any URL credentials in it masked: git repeats the remote's URL in its errors. */
export function withoutCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, '$1***@');
}

/** Which remote a commit is pushed to: the branch's own, else `origin`, else the only one there is. */
export function chosenRemote<R extends { name: string }>(remotes: R[], branchRemote: string | null): R | null {
  return remotes.find((remote) => remote.name === branchRemote) ?? remotes.find((remote) => remote.name === 'origin') ?? (remotes.length === 1 ? remotes[0]! : null);
}
