import { INFRA, testEnv } from '@platform/testing';
import { ROUTES, type OpenApiDocument } from '@platform/contracts';
import { startGateway, type RunningGateway } from '../gateway.app.js';

describe('GET /api/openapi.json and /api/docs', () => {
  let gateway: RunningGateway;
  const get = (urlPath: string) => fetch(`${gateway.urls.web}${urlPath}`);

  beforeAll(async () => {
    gateway = await startGateway(testEnv(INFRA.databaseUrl));
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('answers the web surface’s OpenAPI 3.1 document', async () => {
    const response = await get('/api/openapi.json');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/openapi.json');
  });

  it('answers another surface’s document by ?surface=', async () => {
    const response = await get('/api/openapi.json?surface=backend');

    expect(response.status).toBe(200);
    const document = (await response.json()) as OpenApiDocument;
    expect(Object.keys(document.paths).length).toBe(new Set(ROUTES.filter((route) => route.surface === 'backend').map((route) => route.path)).size);
    expect(document.paths['/api/ai/chat']!['post']!.security).toEqual([{ internalKey: [] }]);
  });

  it('answers 400 with { error } for a surface that does not exist', async () => {
    const response = await get('/api/openapi.json?surface=admin');

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'surface must be one of web, backend, summarizer' });
  });

  it('answers the reference page, every asset of it from the same origin', async () => {
    const response = await get('/api/docs');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    const assets = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/api\/docs\//);
      const loaded = await get(asset);
      expect([asset, loaded.status]).toEqual([asset, 200]);
      expect((await loaded.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('points the page at the documents of every surface and at no other origin', async () => {
    const script = await (await get('/api/docs/reference.js')).text();

    expect(script).toContain('"url":"/api/openapi.json"');
    expect(script).toContain('"url":"/api/openapi.json?surface=backend"');
    expect(script).toContain('"url":"/api/openapi.json?surface=summarizer"');
    expect(script).toContain('validatorUrl: null');
    expect(script).not.toMatch(/https?:\/\//);
  });

  it('serves none of swagger-ui-dist’s other files (its sample page points at a public petstore)', async () => {
    const response = await get('/api/docs/swagger-initializer.js');

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });
});
