import { Validator } from '@seriousme/openapi-schema-validator';
import { getMetadataStorage } from 'class-validator';
import { ROUTES, SURFACES, type RouteDef } from '../routes.js';
import { SUBJECTS } from '../subjects.js';
import { apiDocument, openApiPath, queryClassesOf } from './api-document.js';
import { ROUTE_ERRORS } from './route-errors.js';
import { ROUTE_QUERIES } from './route-queries.js';
import { ROUTE_SUCCESS } from './route-success.js';
import { serviceErrorsOf } from './service-error-responses.js';
import { successesOf } from './success-responses.js';

const operationOf = (route: RouteDef) => apiDocument(route.surface).paths[openApiPath(route.path)]![route.method.toLowerCase()]!;
const described = (route: RouteDef) => `${route.surface} ${route.method} ${route.path}`;

/** Every `$ref` in a JSON value. */
const refsIn = (value: unknown): string[] => [...JSON.stringify(value).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!);

describe('apiDocument', () => {
  it.each(ROUTES.map((route) => [`${route.surface} ${route.method} ${route.path}`, route] as const))('describes %s', (_, route) => {
    const sut = apiDocument(route.surface);

    const operation = sut.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];

    expect(operation).toBeDefined();
  });

  it.each(ROUTES.map((route) => [described(route), route] as const))('documents the success of %s', (_, route) => {
    const statuses = successesOf(route).map((success) => String(success.status));

    const sut = operationOf(route).responses;

    expect(statuses).not.toEqual([]);
    expect(Object.keys(sut)).toEqual(expect.arrayContaining(statuses));
  });

  it.each(ROUTES.filter((route) => queryClassesOf(route).length).map((route) => [described(route), route] as const))('documents the query its handler validates on %s', (_, route) => {
    const validated = queryClassesOf(route).flatMap((target) => getMetadataStorage().getTargetValidationMetadatas(target, '', true, false).map((meta) => meta.propertyName));

    const sut = operationOf(route).parameters?.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);

    expect(sut?.sort()).toEqual([...new Set(validated)].sort());
  });

  it('reads every query class of the table on a GET route', () => {
    const read = new Set(ROUTES.filter((route) => queryClassesOf(route).length).map((route) => route.subject));

    expect(Object.keys(ROUTE_QUERIES).filter((subject) => !read.has(subject as RouteDef['subject']))).toEqual([]);
  });

  it.each([['success', ROUTE_SUCCESS], ['error', ROUTE_ERRORS]] as const)('answers on a route for every row of the %s table', (_, table) => {
    const answered = new Set<string | undefined>(ROUTES.map((route) => route.subject ?? route.edge));

    expect(Object.keys(table).filter((key) => !answered.has(key))).toEqual([]);
  });

  it.each(ROUTES.flatMap((route) => [...serviceErrorsOf(route)].map(([status, errors]) => [status, described(route), route, errors] as const)))(
    'documents the service’s own %s on %s', (status, _, route, errors) => {
      const sut = operationOf(route).responses[String(status)];

      expect(sut).toBeDefined();
      for (const error of errors) expect(sut!.description).toContain(error.note);
      for (const code of route.errorShape === 'openai' ? [] : errors.flatMap((error) => error.codes ?? [])) expect(JSON.stringify(sut!.content)).toContain(`"${code}"`);
    },
  );

  it('narrows a platform error to the codes the route answers', () => {
    const sut = apiDocument('web').paths['/api/agents/provision']!['post']!.responses['402']!;

    expect(sut.content!['application/json']!.schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/PlatformError' }, { properties: { code: { enum: ['SUBSCRIPTION_REQUIRED', 'PLAN_REQUIRED'] } } }],
    });
  });

  it('tells an OpenAI-shaped error’s codes as OpenAI writes them', () => {
    const sut = apiDocument('web').paths['/api/v1/gateway/chat/completions']!['post']!.responses['404']!;

    expect(sut.description).toContain('`model_not_found`');
    expect(sut.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/OpenAiError' });
  });

  it('keeps the edge’s answer beside the service’s at the same status', () => {
    const sut = apiDocument('web').paths['/api/chat']!['post']!.responses['429']!;

    expect(sut.description).toContain('webChat: 60 per 60 s');
    expect(sut.description).toContain('QUOTA_EXCEEDED');
    expect(sut.headers).toHaveProperty('RateLimit-Remaining');
  });

  it('describes a 402 payment challenge by its own body', () => {
    const sut = apiDocument('web').paths['/api/datafeeds']!['get']!.responses['402']!;

    expect(sut.content!['application/json']!.schema).toMatchObject({ required: ['status', 'feed', 'challenge', 'hint'] });
  });

  it('leaves out a query property the class gives a default, and says the default', () => {
    const period = operationOf(ROUTES.find((route) => route.path === '/api/dashboard/cost')!).parameters!.find((parameter) => parameter.name === 'period');

    expect(period).toMatchObject({ in: 'query', required: false, schema: { enum: ['7d', '30d', 'mtd'], default: '7d' } });
  });

  it('describes the fields an action reads as optional, after the action', () => {
    const sut = apiDocument('web').paths['/api/calendar']!['get']!.parameters!;

    expect(sut[0]).toMatchObject({ name: 'action', required: true, schema: { enum: ['auth', 'list', 'availability'] } });
    expect(sut.slice(1)).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: 'start', required: false, description: 'Read by ListCalendarEventsDto.' }),
      expect.objectContaining({ name: 'date', required: false, description: 'Read by CalendarAvailabilityDto.' }),
    ]));
  });

  it('requires a query property without a default', () => {
    const sut = apiDocument('backend').paths['/api/underground/escrows']!['get']!.parameters;

    expect(sut).toEqual([expect.objectContaining({ name: 'userId', in: 'query', required: true })]);
  });

  it('answers a success with its view, a list of views as an array', () => {
    const sut = apiDocument('web');

    const created = sut.paths['/api/scheduled-tasks']!['post']!.responses['201']!;
    const daily = apiDocument('backend').paths['/api/usage/daily']!['get']!.responses['200']!;

    expect(created.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ScheduledTaskView' });
    expect(sut.components.schemas['ScheduledTaskView']).toMatchObject({ type: 'object', properties: { cronSchedule: { type: 'string' } } });
    expect(daily.content!['application/json']!.schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/UsageDailyItem' } });
  });

  it('answers a subject by the surface’s own view', () => {
    const web = apiDocument('web').paths['/api/agents']!['get']!.responses['200']!;
    const backend = apiDocument('backend').paths['/api/agents']!['get']!.responses['200']!;

    expect(web.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/WebAgentList' });
    expect(backend.content!['application/json']!.schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/BackendAgentListItem' } });
  });

  it.each([['/api/auth/idp', '302'], ['/api/auth/code-host/callback', '302'], ['/api/billing-provider/checkout', '303'], ['/api/calendar/callback', '302']])(
    'tells the redirect of GET %s by its Location', (path, status) => {
      const sut = apiDocument('web').paths[path]!['get']!.responses[status];

      expect(sut?.headers).toHaveProperty('Location');
      expect(sut?.content).toBeUndefined();
    },
  );

  it('lists the event stream beside the JSON of a streaming route', () => {
    const sut = apiDocument('web').paths['/api/v1/gateway/chat/completions']!['post']!.responses['200']!;

    expect(Object.keys(sut.content!)).toEqual(['application/json', 'text/event-stream']);
    expect(sut.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ChatCompletionView' });
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
