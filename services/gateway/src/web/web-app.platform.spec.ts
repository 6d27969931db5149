import { INFRA, testEnv } from '@platform/testing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startGateway, type RunningGateway } from '../gateway.app.js';

const INDEX = '<!doctype html><div id="root"></div>';
const ASSET = 'console.log("app")';

describe('The web app on the web surface', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  let gateway: RunningGateway;
  const get = (urlPath: string, init?: RequestInit) => fetch(`${gateway.urls.web}${urlPath}`, init);

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), ASSET);
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    gateway = await startGateway(testEnv(INFRA.databaseUrl, { WEB_DIST_DIR: dist }));
  });

  afterAll(async () => {
    await gateway?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/dashboard/wallet', '/agents/3f1c/chat?tab=config'])('answers GET %s with index.html, never cached', async (urlPath) => {
    const response = await get(urlPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it('answers HEAD of a page with its headers and no body', async () => {
    const response = await get('/pricing', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe('');
  });

  it('serves a hashed asset cached for a year as immutable', async () => {
    const response = await get('/assets/index-AbC123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(ASSET);
  });

  it('serves another built file uncached', async () => {
    const response = await get('/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0');
  });

  it('answers a missing asset with index.html, not a file outside the build', async () => {
    const response = await get('/assets/..%2f..%2fetc%2fpasswd');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
  });

  it.each([
    ['GET', '/api/does-not-exist'],
    ['GET', '/api'],
    ['POST', '/dashboard'],
    ['PUT', '/api/keys'],
  ])('keeps the JSON 404 for %s %s', async (method, urlPath) => {
    const response = await get(urlPath, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });

  it('keeps the router\'s 414 for a too-long parameter of an API route', async () => {
    const response = await get(`/api/keys/${'a'.repeat(2_000)}`);
    expect(response.status).toBe(414);
    expect(await response.json()).toEqual({ error: 'Path parameter too long' });
  });

  it('leaves the API routes to the API', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('The web surface before the app is built', () => {
  let gateway: RunningGateway;

  beforeAll(async () => {
    gateway = await startGateway(testEnv(INFRA.databaseUrl, { WEB_DIST_DIR: path.join(os.tmpdir(), 'no-such-web-dist') }));
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('answers a page with a 503 that says to build it', async () => {
    const response = await fetch(`${gateway.urls.web}/dashboard`);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('The web app is not built');
  });
});
