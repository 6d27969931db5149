import { ROUTES, SURFACES, type RouteDef, type Surface } from '../routes.js';
import { bodySchemas, reachedFrom, SCHEMA_REF } from './body-schemas.js';
import { ERROR_SCHEMAS } from './error-schemas.js';
import type { JsonSchema, OpenApiDocument, OperationObject, ParameterObject } from './openapi-types.js';
import { ROUTE_BODIES } from './route-bodies.js';
import { ROUTE_QUERIES } from './route-queries.js';
import { routeResponses } from './route-responses.js';
import { SECURITY_OF, SECURITY_SCHEMES } from './security-schemes.js';
import { viewNamesOf } from './success-responses.js';
import { VIEW_SCHEMAS } from './view-schemas.generated.js';

const SERVERS: Record<Surface, { url: string; description: string }> = {
  // The documents are served on the web surface, so its own is wherever the reader found them.
  web: { url: '/', description: 'The web surface, where these documents are served.' },
  backend: { url: 'http://127.0.0.1:4000', description: 'The backend surface on its default port (BACKEND_PORT).' },
  summarizer: { url: 'http://127.0.0.1:3100', description: 'The summarizer surface on its default port (SUMMARIZER_PORT).' },
};

/** GET /api/openapi.json?surface=backend: the edge route that serves these documents picks one by its query. */
const SURFACE_QUERY: ParameterObject = {
  name: 'surface', in: 'query', required: false, schema: { enum: [...SURFACES], default: 'web' }, description: 'Which surface’s document.',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `/api/keys/:id` as OpenAPI writes it, `/api/keys/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

/** The classes a GET route's handler holds its query to, first the one it reads first; services read the query of their GETs only. */
export function queryClassesOf(route: RouteDef): ReadonlyArray<new () => object> {
  const classes = route.subject && route.method === 'GET' ? ROUTE_QUERIES[route.subject] : undefined;
  return classes === undefined ? [] : Array.isArray(classes) ? classes : [classes as new () => object];
}

/**
 * One `in: query` parameter per property of the query classes' schemas, the first class naming a
 * property its own. A property the class gives a default (`period = '7d'`) may be left out whatever
 * its rules say, and the default is what it reads; a later class's is read only when the first
 * class's fields call for it (an action), so it is optional and says which class reads it.
 */
function queryParameters(classes: ReadonlyArray<new () => object>, schemas: Record<string, JsonSchema>): ParameterObject[] {
  const parameters = new Map<string, ParameterObject>();
  classes.forEach((target, index) => {
    const schema = schemas[target.name]!;
    const required = new Set((schema['required'] as string[] | undefined) ?? []);
    const defaults = new target() as Record<string, unknown>;
    for (const [name, property] of Object.entries((schema['properties'] as Record<string, JsonSchema> | undefined) ?? {})) {
      if (parameters.has(name)) continue;
      parameters.set(name, {
        name,
        in: 'query',
        required: index === 0 && required.has(name) && defaults[name] === undefined,
        schema: defaults[name] === undefined ? property : { ...property, default: defaults[name] },
        ...(index > 0 ? { description: `Read by ${target.name}.` } : {}),
      });
    }
  });
  return [...parameters.values()];
}

const pathParameters = (path: string): ParameterObject[] =>
  [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name: name!, in: 'path', required: true, schema: { type: 'string' } }));

/** The tag is the path's first segment after /api (or the surface's own, for its root paths). */
const tagOf = (route: RouteDef): string => route.path.split('/').filter(Boolean).find((segment, index) => index > 0 || segment !== 'api') ?? route.surface;

const operationId = (route: RouteDef): string =>
  `${route.method.toLowerCase()}_${route.path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'root'}`;

function operation(route: RouteDef, querySchemas: Record<string, JsonSchema>): OperationObject {
  const body = route.subject && WRITES.has(route.method) ? ROUTE_BODIES[route.subject] : undefined;
  const parameters = [
    ...pathParameters(route.path),
    ...queryParameters(queryClassesOf(route), querySchemas),
    ...(route.edge === 'apiDocument' ? [SURFACE_QUERY] : []),
  ];
  const notes = [
    route.subject ? `NATS subject \`${route.subject}\`.` : `Answered by the edge itself (\`${route.edge}\`).`,
    ...(route.headers?.length ? [`Forwarded headers: ${route.headers.join(', ')}.`] : []),
    ...(route.rawBody ? ['Signed webhook: verified over the body’s exact bytes.'] : []),
  ];
  return {
    operationId: operationId(route),
    summary: `${route.method} ${route.path}`,
    description: notes.join(' '),
    tags: [tagOf(route)],
    security: SECURITY_OF[route.auth],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}${body.name}` } } } } } : {}),
    responses: routeResponses(route),
  };
}

/**
 * The API document of one surface, generated from the route table and the contracts' classes: pure
 * and deterministic. One per surface: the web and backend surfaces serve the same paths (GET
 * /api/agents, POST /api/calendar, ...) under different credentials, and an OpenAPI document holds
 * one operation per path and method.
 */
export function apiDocument(surface: Surface): OpenApiDocument {
  const routes = ROUTES.filter((route) => route.surface === surface);
  const querySchemas = bodySchemas(routes.flatMap(queryClassesOf));
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation(route, querySchemas);
  const bodies = routes.flatMap((route) => (route.subject && WRITES.has(route.method) && ROUTE_BODIES[route.subject]) || []);
  const views = reachedFrom(VIEW_SCHEMAS, routes.flatMap(viewNamesOf));
  return {
    openapi: '3.1.0',
    info: {
      title: `Platform API: ${surface} surface`,
      version: '0.1.0',
      description: 'Generated from libs/contracts: the route table, its class-validator classes and its response views. What it does not describe yet: docs/operations.md.',
    },
    servers: [SERVERS[surface]],
    tags: [...new Set(routes.map(tagOf))].sort().map((name) => ({ name })),
    paths,
    // A class both sent and answered (AgentMessageDto, inside BusMessageView) keeps its class-validator schema: the rules are there.
    components: { schemas: { ...views, ...bodySchemas(bodies), ...ERROR_SCHEMAS }, securitySchemes: SECURITY_SCHEMES },
  };
}
