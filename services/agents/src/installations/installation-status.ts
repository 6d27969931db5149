/** The spec shows no transition to inactive: an installation not heard from for `staleMs` is inactive. */
export function installationStatus(lastSeen: Date, now: Date, staleMs: number): 'active' | 'inactive' {
  return now.getTime() - lastSeen.getTime() <= staleMs ? 'active' : 'inactive';
}
