import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SUMMARIZER_MESSAGES as M, SUMMARIZER_USER_AGENT } from '@platform/contracts';
import { sandboxHook, TestPlatform, type TestClient } from '@platform/testing';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Short, so the page that never answers costs a test little; long enough for the 5 MB page on a
 * loaded CI machine (1.5 s was not: its fetch was cut there).
 */
const FETCH_TIMEOUT_MS = 5000;

describe('The summarizer surface (extended-services 4.11)', () => {
  let platform: TestPlatform;
  let client: TestClient;
  let page: (path: string) => string;
  let listener: http.Server;
  let listenerPort: number;
  let connections = 0;
  const summarize = (url: unknown) => client.post('/api/summarize', { url });
  const requested = async () => (await sandboxHook<{ requests: string[] }>(platform.sandbox.url, 'GET', '/pages/requests')).requests;
  const agents = async () => (await sandboxHook<{ userAgents: string[] }>(platform.sandbox.url, 'GET', '/pages/requests')).userAgents;

  beforeAll(async () => {
    platform = await TestPlatform.start({ services: ['summarizer'], env: { SUMMARIZER_TIMEOUT_MS: String(FETCH_TIMEOUT_MS) } });
    client = platform.summarizer();
    page = (path) => `${platform.sandbox.url}/pages/${path}`;
    // A private address that must never be reached: it counts every connection made to it.
    listener = http.createServer((_request, response) => response.end('<title>inner</title>'));
    listener.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    listenerPort = (listener.address() as AddressInfo).port;
  });

  beforeEach(async () => {
    await sandboxHook(platform.sandbox.url, 'DELETE', '/pages/requests');
  });

  afterAll(async () => {
    listener?.closeAllConnections();
    await new Promise((resolve) => listener?.close(resolve));
    await platform?.close();
  });

  it('GET / describes the service, its endpoints and payment', async () => {
    const response = await client.get('/');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.endpoints)).toEqual(['GET /', 'GET /health', 'POST /api/summarize', 'POST /api/extract']);
    expect(response.body.payment).toEqual({ network: 'base-sepolia', currency: 'USDC', payTo: null, note: expect.any(String) });
  });

  it('GET /health answers ok with version 1.0.0', async () => {
    expect((await client.get('/health')).body).toEqual({ status: 'ok', service: 'web-summarizer', version: '1.0.0' });
  });

  it('summarizes an article: title, description, headings h1-h3 and paragraphs deduplicated, word count', async () => {
    const response = await summarize(page('article'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      url: page('article'),
      title: 'Sandbox Gazette: Rates Hold Steady',
      description: 'Central banks hold rates; markets expect cuts.',
      headings: ['Rates Hold Steady', 'Background', 'What analysts say'],
      paragraphs: [expect.stringMatching(/^Central banks kept rates/), 'Inflation has cooled for six months in a row.', 'Most analysts expect the first cut in spring.'],
      wordCount: expect.any(Number),
      fetchedAt: expect.any(String),
    });
    expect(response.body.wordCount).toBeGreaterThan(60);
    expect(await requested()).toEqual(['/pages/article']);
  });

  it('extracts absolute links and images, deduplicated, texts cut to 100, and the og, twitter and description tags', async () => {
    const response = await client.post('/api/extract', { url: page('article') });
    expect(response.status).toBe(200);
    expect(response.body.links).toEqual([
      { href: page('latin1'), text: 'Europe' },
      { href: page('other.html'), text: 'Other news' },
      { href: 'https://markets.example.com/rates', text: 'Live rates' },
      { href: `${page('article')}#comments`, text: 'Comments' },
      { href: page('long-link'), text: 'A very long link text. '.repeat(10).slice(0, 100) },
    ]);
    expect(response.body.images).toEqual([
      { src: page('img/chart.png'), alt: 'Rates since 2020' },
      { src: page('img/photo.jpg'), alt: 'The central bank\'s building' },
    ]);
    expect(response.body.meta).toEqual({
      description: 'Central banks hold rates; markets expect cuts.', 'og:title': 'Rates Hold Steady', 'og:description': 'What the pause means for savers and borrowers.',
      'og:image': '/pages/img/og.png', 'og:type': 'article', 'twitter:card': 'summary_large_image', 'twitter:site': '@sandboxgazette',
    });
  });

  it('keeps the first 20 headings, 10 paragraphs, 50 links and 20 images of a long page, alt texts cut to 100', async () => {
    const numbered = (count: number, text: (n: number) => unknown) => Array.from({ length: count }, (_, index) => text(index + 1));
    const summary = (await summarize(page('large?kb=64'))).body;
    const extract = (await client.post('/api/extract', { url: page('large?kb=64') })).body;

    expect(summary.headings).toEqual(['A long report', ...numbered(19, (n) => `Section ${n}`)]);
    expect(summary.paragraphs).toEqual(numbered(10, (n) => expect.stringMatching(new RegExp(`^Paragraph ${n}: `))));
    expect(extract.links).toEqual(numbered(50, (n) => ({ href: page(`section/${n}`), text: `Section ${n}` })));
    expect(extract.images).toEqual(numbered(20, (n) => ({ src: page(`img/figure-${n}.png`), alt: expect.any(String) })));
    expect(extract.images.map((image: { alt: string }) => image.alt.length)).toEqual(numbered(20, () => 100));
  });

  it('asks with its User-Agent, and reads an application/xhtml+xml page', async () => {
    const response = await summarize(page('xhtml'));
    expect(response.status).toBe(200);
    expect(response.body.title).toBe('An XHTML page');
    expect(await agents()).toEqual([SUMMARIZER_USER_AGENT]);
  });

  it.each(['latin1', 'meta-charset'])('decodes a windows-1252 page (%s)', async (path) => {
    const response = await summarize(page(path));
    expect(response.body).toMatchObject({ title: 'Café crème à Zürich', headings: ['Économie'] });
  });

  it('follows a redirect chain', async () => {
    const response = await summarize(page('redirect/3'));
    expect(response.body.title).toBe('Sandbox Gazette: Rates Hold Steady');
    expect(await requested()).toEqual(['/pages/redirect/3', '/pages/redirect/2', '/pages/redirect/1', '/pages/article']);
  });

  it('reads a huge page up to the 5 MB cap: the paragraph the cap falls in is cut there', async () => {
    const response = await summarize(page('huge'));
    // Status and body in one match: a failure shows the error the summarizer answered.
    expect(response).toMatchObject({ status: 200, body: { title: 'A huge page', headings: ['A huge page'] } });
    const [whole, cut] = response.body.paragraphs as string[];
    expect(response.body.paragraphs).toHaveLength(2);
    expect(whole!.startsWith(cut!) && cut!.length < whole!.length).toBe(true);
  });

  it.each([
    ['a file that is not HTML', 'report.pdf', 'content type application/pdf is not HTML'],
    ['a 404', 'status/404', 'the page answered HTTP 404'],
    ['a 503', 'status/503', 'the page answered HTTP 503'],
    ['a page that never answers', 'hang', `no answer within ${FETCH_TIMEOUT_MS} ms`],
  ])('answers 500 for %s, the reason in message', async (_case, path, message) => {
    const response = await summarize(page(path));
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: M.fetchFailed, message });
  });

  it.each([['no url', undefined], ['an empty url', ''], ['a number', 5]])('answers 400 url required for %s', async (_case, url) => {
    const response = await summarize(url);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: M.urlRequired });
  });

  it.each(['not a url', 'ftp://files.example.com/a', 'file:///etc/passwd', '/pages/article'])('answers 400 for %s', async (url) => {
    expect((await summarize(url)).body).toEqual({ error: M.urlInvalid });
  });

  it('answers 400 for a host name that does not resolve', async () => {
    expect((await summarize('http://nowhere.invalid/')).body).toEqual({ error: M.unresolvable });
  });

  describe('refuses private targets without connecting', () => {
    beforeEach(() => {
      connections = 0;
    });

    it.each([
      ['a loopback address', (port: number) => `http://127.0.0.1:${port}/`],
      ['a decimal host', (port: number) => `http://2130706433:${port}/`],
      ['an octal host', (port: number) => `http://0177.0.0.1:${port}/`],
      ['an IPv4-mapped IPv6 host', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
      ['localhost', (port: number) => `http://localhost:${port}/`],
      ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ])('%s', async (_case, url) => {
      const response = await summarize(url(listenerPort));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: M.refused });
      expect(connections).toBe(0);
    });

    it('a redirect to 169.254.169.254, refused at once', async () => {
      const started = Date.now();
      const response = await summarize(page('metadata-redirect'));
      expect(response.body).toEqual({ error: M.refused });
      expect(Date.now() - started).toBeLessThan(FETCH_TIMEOUT_MS);
    });

    it('a redirect to a private listener', async () => {
      const response = await summarize(page(`redirect-to?location=${encodeURIComponent(`http://127.0.0.1:${listenerPort}/`)}`));
      expect(response.body).toEqual({ error: M.refused });
      expect(connections).toBe(0);
    });
  });
});
