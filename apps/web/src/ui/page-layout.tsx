import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { messageOf } from '../api/api-error.js';
import { useSession } from '../session/session.js';
import { NAV_LINKS } from '../routes.js';
import { useToast } from './alert.js';

/**
 * Every page's frame: skip link, header with the navigation, and a main region whose heading
 * takes focus when the page changes, so keyboard and screen-reader users start at the new content.
 */
export function PageLayout({ title, children }: { title: string; children: ReactNode }) {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${title} · Platform`;
  }, [title]);
  // On a new page only: a title filled in once data arrives must not pull focus back from where the person is.
  useEffect(() => {
    heading.current?.focus();
  }, [pathname]);
  const onSignOut = async () => {
    try {
      await signOut();
      navigate('/login');
    } catch (error) {
      toast(messageOf(error), 'error');
    }
  };
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="site-header">
        <Link to={user ? '/dashboard' : '/'} className="brand">Platform</Link>
        <nav aria-label="Main">
          <ul>
            {NAV_LINKS.filter((link) => Boolean(user) === link.signedIn).map((link) => (
              <li key={link.to}><NavLink to={link.to} end={link.to === '/dashboard'}>{link.label}</NavLink></li>
            ))}
            {user && <li><button type="button" className="link-button" onClick={onSignOut}>Sign out</button></li>}
          </ul>
        </nav>
      </header>
      <main id="main">
        <h1 ref={heading} tabIndex={-1}>{title}</h1>
        {children}
      </main>
    </>
  );
}
