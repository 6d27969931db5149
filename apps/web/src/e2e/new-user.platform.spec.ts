import { subscribedUser, TestPlatform, waitUntil } from '@platform/testing';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * A person's first visit, in Chromium against the platform as `npm start` runs it (the gateway
 * serving the built app, apps/web/dist): register, pay in the sandbox, provision, chat, cost, keys,
 * sign out; sign-in through the sandbox identity provider; axe on every page of the route table.
 * `npm test` builds the app and provides Chromium (CHROMIUM_PATH) before Jest starts.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = process.env.WEB_ARTIFACTS_DIR ?? path.join(process.cwd(), 'test-artifacts', 'web');
const AXE = path.join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js');
/** Waits in the browser: a provisioned runtime starts in seconds on a busy 2-core machine. */
const UI_TIMEOUT_MS = 30_000;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core run in the page: the serious and critical violations, with where they are. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate('axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)') as AxeViolation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('The web app, for a new user', () => {
  let platform: TestPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let agentId: string;
  const email = `web-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  /** Pages whose axe run and screenshot are done, so the last test can check the route table was covered. */
  const checked = new Set<string>();

  /** axe on the page as it is now, then a screenshot of it for a person to look at. */
  const checkPage = async (name: string) => {
    expect({ page: name, violations: await seriousViolations(page) }).toEqual({ page: name, violations: [] });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
    checked.add(name);
  };
  const heading = (text: string) => page.getByRole('heading', { level: 1, name: text });

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [platform, browser] = await Promise.all([
      TestPlatform.start({ services: ['billing', 'ai-gateway', 'usage', 'agents'], env: { USAGE_BATCH_MAX_WAIT_MS: '50' } }),
      chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] }),
    ]);
    // The checkout's success URL is billing's APP_URL: this platform's web address, so Pay comes back here.
    await platform.stopService('billing');
    await platform.startService('billing', { APP_URL: platform.webUrl });
    context = await browser.newContext({ baseURL: platform.webUrl });
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  it('sends a signed-out visitor from the dashboard to sign in', async () => {
    await page.goto('/dashboard');
    await heading('Sign in').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await checkPage('login');
  });

  it('says what is wrong with a form before sending it', async () => {
    await page.goto('/register');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await checkPage('register');
  });

  it('registers, signs in and lands on the plans', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await heading('Plans').waitFor();
    await checkPage('pricing');
  });

  it('pays for a plan in the sandbox checkout and is onboarded', async () => {
    await page.getByRole('link', { name: 'Choose Collective' }).click();
    await page.waitForURL((url) => url.href.startsWith(platform.sandbox.url));
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${platform.webUrl}/onboard`));
    await page.getByText('Your collective plan is active.').waitFor();
    await checkPage('onboard');
  });

  it('provisions an agent and follows its status to running without a reload', async () => {
    await page.getByRole('link', { name: 'Provision your first agent' }).click();
    await heading('Your agents').waitFor();
    await page.getByText('No agents yet.').waitFor();
    await page.getByLabel('Agent name').fill('Scout');
    await page.getByRole('button', { name: 'Provision agent' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Scout' });
    await card.getByText('running').waitFor();
    agentId = (await card.getByRole('link', { name: 'Scout' }).getAttribute('href'))!.split('/').pop()!;
    await checkPage('dashboard');
  });

  it('chats with a streamed answer drawn piece by piece', async () => {
    await page.getByRole('link', { name: 'Scout' }).click();
    await heading('Agent Scout').waitFor();
    await page.getByLabel('Message').fill('Tell me about the platform');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.locator('.chat-log .from-assistant');
    await page.getByRole('button', { name: 'Send' }).and(page.locator(':not([aria-busy])')).waitFor();
    expect((await answer.textContent())!.length).toBeGreaterThan(0);
    expect(Number(await answer.getAttribute('data-pieces'))).toBeGreaterThan(1);
    await checkPage('agent');
  });

  it('shows the cost of the chat with its charts', async () => {
    await waitUntil('usage of the chat recorded', async () => (await page.request.get('/api/dashboard/cost')).json(), (cost) => cost.isMockData === false, 20_000);
    await page.getByRole('link', { name: 'Cost' }).click();
    await heading('Cost').waitFor();
    expect(await page.getByTestId('total-cost').textContent()).toMatch(/^\$0\.0*[1-9]/);
    await page.locator('.chart canvas').first().waitFor();
    expect(await page.locator('.chart').count()).toBe(3);
    await checkPage('cost');
  });

  it('creates an API key shown once, then revokes it', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByText('No keys yet.').waitFor();
    await page.getByLabel('Key name').fill('ci');
    await page.getByRole('button', { name: 'Create key' }).click();
    expect(await page.getByTestId('new-key').textContent()).toMatch(/^sk_/);
    await page.getByRole('cell', { name: 'ci', exact: true }).waitFor();
    await checkPage('api-keys');
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await page.getByRole('button', { name: 'Revoke ci' }).click();
    await page.getByRole('button', { name: 'Confirm revoking ci' }).click();
    await page.getByText('No keys yet.').waitFor();
  });

  it.each([
    ['billing', '/dashboard/billing', 'Billing'],
    ['wallet', '/dashboard/wallet', 'Wallet'],
    ['calendar', '/dashboard/calendar', 'Calendar'],
    ['skills', '/skills', 'Skills'],
    ['radio', '/radio', 'Radio'],
    ['feeds', '/feeds', 'Data feeds'],
    ['colony', '/colony', 'Colony'],
    ['settings', '/settings', 'Settings'],
    ['agent-heartbeat', '/agents/:id?tab=heartbeat', 'Agent Scout'],
    ['agent-scheduled-tasks', '/agents/:id?tab=scheduled-tasks', 'Agent Scout'],
    ['agent-skills', '/agents/:id?tab=skills', 'Agent Scout'],
    ['agent-bus', '/agents/:id?tab=bus', 'Agent Scout'],
  ])('passes axe on the %s page once it has loaded', async (name, url, title) => {
    await page.goto(url.replace(':id', agentId));
    await heading(title).waitFor();
    await page.locator('.loading').first().waitFor({ state: 'detached' });
    await checkPage(name);
  });

  it('fits a phone screen', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/dashboard');
    await heading('Your agents').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('signs out', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await heading('Sign in').waitFor();
    expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();
  });

  it.each([
    ['forgot-password', '/forgot-password', 'Reset your password'],
    ['reset-password', '/reset-password?token=from-the-mail', 'Choose a new password'],
    ['not-found', '/no-such-page', 'Page not found'],
  ])('passes axe on the %s page', async (name, url, title) => {
    await page.goto(url);
    await heading(title).waitFor();
    await checkPage(name);
  });

  it('signs in through the sandbox identity provider', async () => {
    await platform.identityProviders.nextLogin({ sub: `web-${Date.now()}`, email: `idp-${Date.now()}@example.com`, name: 'Ida' });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with the identity provider' }).click();
    await heading('Your agents').waitFor();
    expect((await (await page.request.get('/api/auth/session')).json()).user.name).toBe('Ida');
  });

  it('signs in with an injected wallet, the sandbox chain node signing', async () => {
    // The SIWE message's domain must be APP_URL's host: identity is told this platform's address.
    await platform.stopService('identity');
    await platform.startService('identity', { APP_URL: platform.webUrl });
    const walletContext = await browser.newContext({ baseURL: platform.webUrl });
    walletContext.setDefaultTimeout(UI_TIMEOUT_MS);
    // An EIP-1193 wallet whose requests go to the sandbox's anvil node, which holds unlocked dev
    // accounts and answers personal_sign for them.
    await walletContext.exposeFunction('sandboxWallet', async (method: string, params: unknown[] = []) => {
      const response = await fetch(platform.sandbox.chain.rpcUrls[42431]!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: method === 'eth_requestAccounts' ? 'eth_accounts' : method, params }),
      });
      const answer = await response.json() as { result?: unknown; error?: { message: string } };
      if (answer.error) throw new Error(answer.error.message);
      return answer.result;
    });
    await walletContext.addInitScript('window.ethereum = { request: ({ method, params }) => window.sandboxWallet(method, params) }');
    const walletPage = await walletContext.newPage();
    try {
      await walletPage.goto('/login');
      await walletPage.getByRole('button', { name: 'Sign in with your wallet' }).click();
      await walletPage.getByRole('heading', { level: 1, name: 'Your agents' }).waitFor();
      expect((await (await walletPage.request.get('/api/auth/session')).json()).user.email).toMatch(/^0x[0-9a-f]{40}@wallet\.service$/);
    } finally {
      await walletContext.close();
    }
  });

  it('covered every page of the route table with axe', async () => {
    expect([...checked].sort()).toEqual([
      'agent', 'agent-bus', 'agent-heartbeat', 'agent-scheduled-tasks', 'agent-skills', 'api-keys', 'billing', 'calendar', 'colony', 'cost',
      'dashboard', 'feeds', 'forgot-password', 'login', 'not-found', 'onboard', 'pricing', 'radio', 'register', 'reset-password', 'settings',
      'skills', 'wallet',
    ]);
    // One axe check per page of the route table (the agent page's tabs besides): a new page needs its
    // own. The table is read as text: its page modules are TSX, outside this spec's compilation.
    const routes = readFileSync(path.join(import.meta.dirname, '..', 'routes.ts'), 'utf8');
    expect(routes.match(/\{ path: '/g)).toHaveLength(19);
    expect(agentId).toBeTruthy();
  });
});
