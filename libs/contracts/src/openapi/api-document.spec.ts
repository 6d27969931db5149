import { Validator } from '@seriousme/openapi-schema-validator';
import { ROUTES, SURFACES } from '../routes.js';
import { SUBJECTS } from '../subjects.js';
import { apiDocument, openApiPath } from './api-document.js';

/** Every `$ref` in a JSON value. */
const refsIn = (value: unknown): string[] => [...JSON.stringify(value).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!);

describe('apiDocument', () => {
  it.each(ROUTES.map((route) => [`${route.surface} ${route.method} ${route.path}`, route] as const))('describes %s', (_, route) => {
    const sut = apiDocument(route.surface);

    const operation = sut.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];

    expect(operation).toBeDefined();
    expect(operation!.responses['2XX']).toBeDefined();
  });

  it.each(SURFACES)('describes nothing but the %s surface’s rows', (surface) => {
    const sut = apiDocument(surface);

    const operations = Object.entries(sut.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));

    expect(operations.sort()).toEqual(ROUTES.filter((route) => route.surface === surface).map((route) => `${route.method} ${openApiPath(route.path)}`).sort());
  });

  it.each(SURFACES)('the %s document validates as OpenAPI 3.1', async (surface) => {
    const result = await new Validator().validate(apiDocument(surface) as unknown as Record<string, unknown>);

    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it.each(SURFACES)('every reference of the %s document resolves to a component', (surface) => {
    const sut = apiDocument(surface);

    const missing = refsIn(sut).filter((ref) => !sut.components.schemas[ref.replace('#/components/schemas/', '')]);

    expect(missing).toEqual([]);
  });

  it.each(SURFACES)('the %s document is the same on every call', (surface) => {
    expect(JSON.stringify(apiDocument(surface))).toBe(JSON.stringify(apiDocument(surface)));
  });

  it('reads a request body from the route’s class-validator class', () => {
    const sut = apiDocument('web');

    const register = sut.paths['/api/register']!['post']!;

    expect(register.requestBody?.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/RegisterDto' });
    expect(sut.components.schemas['RegisterDto']).toMatchObject({ type: 'object', properties: { email: expect.any(Object), password: expect.any(Object) } });
  });

  it('describes the nested classes a body holds', () => {
    const sut = apiDocument('backend');

    const chat = sut.components.schemas['ChatRequestDto'];

    expect(refsIn(chat)).toContain('#/components/schemas/ChatMessageDto');
    expect(sut.components.schemas['ChatMessageDto']).toMatchObject({ type: 'object' });
  });

  it('answers the document’s own route’s bad ?surface= with a 400', () => {
    const document = apiDocument('web').paths['/api/openapi.json']!['get']!;

    expect(document.parameters).toEqual([expect.objectContaining({ name: 'surface', in: 'query' })]);
    expect(document.responses['400']).toBeDefined();
  });

  it('names the three credentials and which a route takes', () => {
    const sut = apiDocument('backend');

    expect(Object.keys(sut.components.securitySchemes).sort()).toEqual(['internalKey', 'sessionCookie', 'userKey']);
    expect(sut.paths['/api/ai/chat']!['post']!.security).toEqual([{ internalKey: [] }]);
    expect(sut.paths['/api/ai/chat']!['post']!.responses['401']).toBeDefined();
  });

  it('gives the public AI gateway OpenAI’s error shape and the rest the platform’s', () => {
    const sut = apiDocument('web');

    const completions = sut.paths['/api/v1/gateway/chat/completions']!['post']!;
    const keys = sut.paths['/api/keys']!['post']!;

    expect(completions.responses['429']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/OpenAiError' });
    expect(keys.responses['401']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/PlatformError' });
  });

  it('tells a rate-limited route’s 429 and a service route’s 503 with Retry-After', () => {
    const login = apiDocument('web').paths['/api/auth/login']!['post']!;

    expect(login.responses['429']!.description).toContain('login: 10 per 60 s');
    expect(login.responses['503']!.headers).toHaveProperty('Retry-After');
    expect(login.description).toContain(SUBJECTS.identity.login);
  });
});
