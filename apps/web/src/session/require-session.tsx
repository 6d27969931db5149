import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from './session.js';

/** A page for signed-in people: others go to /login, which brings them back here (`next`). */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (user === undefined) return <p className="loading" role="status">Checking your session…</p>;
  if (user === null) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}
