import type { SessionUserView } from '@contracts/identity/user-views.js';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, apiGet } from '../api/api-client.js';

interface SessionState {
  /** undefined while the first GET /api/auth/session is on its way; null when signed out. */
  user: SessionUserView | null | undefined;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionState>({ user: undefined, refresh: async () => undefined, signOut: async () => undefined });

/** The signed-in user as GET /api/auth/session says (always 200: `{ user }` or `{ user: null }`). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUserView | null | undefined>(undefined);
  const refresh = useCallback(async () => {
    try {
      setUser((await apiGet<{ user: SessionUserView | null }>('/api/auth/session')).user);
    } catch {
      // Unreachable or 503: treated as signed out, so the sign-in page (with its own error) shows.
      setUser(null);
    }
  }, []);
  const signOut = useCallback(async () => {
    await api('POST', '/api/auth/signout');
    setUser(null);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const value = useMemo(() => ({ user, refresh, signOut }), [user, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
