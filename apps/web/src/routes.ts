import type { ComponentType } from 'react';

export interface PageRoute {
  path: string;
  /** Signed-in only: RequireSession sends anyone else to /login. */
  session: boolean;
  /** The page's module, fetched as its own chunk when the route matches. */
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * Every page of the app, one line each, each its own lazily loaded chunk so the first load carries
 * only the page it shows. Adding a page is one line here (and a NAV_LINKS line if it is in the menu).
 */
export const PAGES: readonly PageRoute[] = [
  { path: '/login', session: false, load: () => import('./pages/login.page.js') },
  { path: '/register', session: false, load: () => import('./pages/register.page.js') },
  { path: '/forgot-password', session: false, load: () => import('./pages/forgot-password.page.js') },
  { path: '/reset-password', session: false, load: () => import('./pages/reset-password.page.js') },
  { path: '/pricing', session: false, load: () => import('./pages/pricing.page.js') },
  { path: '/onboard', session: true, load: () => import('./pages/onboard.page.js') },
  { path: '/dashboard', session: true, load: () => import('./pages/dashboard.page.js') },
  { path: '/dashboard/cost', session: true, load: () => import('./pages/cost.page.js') },
  { path: '/dashboard/keys', session: true, load: () => import('./pages/api-keys.page.js') },
  { path: '/agents/:id', session: true, load: () => import('./pages/agent.page.js') },
  { path: '/dashboard/billing', session: true, load: () => import('./pages/billing.page.js') },
  { path: '/dashboard/wallet', session: true, load: () => import('./pages/wallet.page.js') },
  { path: '/dashboard/calendar', session: true, load: () => import('./pages/calendar.page.js') },
  { path: '/skills', session: true, load: () => import('./pages/skills.page.js') },
  { path: '/radio', session: false, load: () => import('./pages/radio.page.js') },
  { path: '/feeds', session: false, load: () => import('./pages/feeds.page.js') },
  { path: '/colony', session: false, load: () => import('./pages/colony.page.js') },
  { path: '/settings', session: true, load: () => import('./pages/settings.page.js') },
  { path: '*', session: false, load: () => import('./pages/not-found.page.js') },
];

export interface NavLinkDef {
  to: string;
  label: string;
  /** Shown to signed-in people when true, to everyone else when false. */
  signedIn: boolean;
}

export const NAV_LINKS: readonly NavLinkDef[] = [
  { to: '/dashboard', label: 'Agents', signedIn: true },
  { to: '/dashboard/cost', label: 'Cost', signedIn: true },
  { to: '/dashboard/keys', label: 'API keys', signedIn: true },
  { to: '/pricing', label: 'Plans', signedIn: true },
  { to: '/dashboard/billing', label: 'Billing', signedIn: true },
  { to: '/dashboard/wallet', label: 'Wallet', signedIn: true },
  { to: '/dashboard/calendar', label: 'Calendar', signedIn: true },
  { to: '/skills', label: 'Skills', signedIn: true },
  { to: '/radio', label: 'Radio', signedIn: true },
  { to: '/feeds', label: 'Feeds', signedIn: true },
  { to: '/settings', label: 'Settings', signedIn: true },
  { to: '/pricing', label: 'Plans', signedIn: false },
  { to: '/radio', label: 'Radio', signedIn: false },
  { to: '/feeds', label: 'Feeds', signedIn: false },
  { to: '/login', label: 'Sign in', signedIn: false },
  { to: '/register', label: 'Create account', signedIn: false },
];
