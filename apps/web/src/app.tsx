import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { PAGES } from './routes.js';
import { RequireSession } from './session/require-session.js';
import { SessionProvider } from './session/session.js';
import { ToastProvider } from './ui/alert.js';

function Shell() {
  return (
    <SessionProvider>
      <ToastProvider>
        <Suspense fallback={<p className="loading" role="status">Loading…</p>}>
          <Outlet />
        </Suspense>
      </ToastProvider>
    </SessionProvider>
  );
}

const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      ...PAGES.map(({ path, session, load }) => {
        const Page = lazy(load);
        return {
          path,
          // The chunk is requested as soon as the route matches, alongside the session check, not
          // after it: a signed-in page's first load waits for the slower of the two, not both.
          loader: () => {
            void load();
            return null;
          },
          element: session ? <RequireSession><Page /></RequireSession> : <Page />,
        };
      }),
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
