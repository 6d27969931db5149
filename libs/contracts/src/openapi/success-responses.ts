import type { RouteDef } from '../routes.js';
import { SCHEMA_REF } from './body-schemas.js';
import type { JsonSchema, ResponseObject } from './openapi-types.js';
import { ROUTE_SUCCESS, type SuccessDef, type ViewRef } from './route-success.js';

/** The answers ROUTE_SUCCESS gives for the route's subject or edge handler on the route's surface. */
export const successesOf = (route: RouteDef): SuccessDef[] =>
  (ROUTE_SUCCESS[route.subject ?? route.edge!] ?? []).filter((success) => !success.surface || success.surface === route.surface);

/** `ScheduledTaskView` or `UsageDailyItem[]` as a schema of components.schemas. */
function viewSchema(view: ViewRef): JsonSchema {
  return view.endsWith('[]') ? { type: 'array', items: { $ref: `${SCHEMA_REF}${view.slice(0, -2)}` } } : { $ref: `${SCHEMA_REF}${view}` };
}

/** The view names a route's successes reference, for the document's components. */
export const viewNamesOf = (route: RouteDef): string[] => successesOf(route).flatMap((success) => (success.view ? [success.view.replace(/\[\]$/, '')] : []));

function body(route: RouteDef, successes: SuccessDef[]): ResponseObject {
  const views = successes.flatMap((success) => (success.view ? [viewSchema(success.view)] : []));
  const notes = successes.flatMap((success) => (success.note ? [success.note] : []));
  const described = views.length === successes.length;
  const content: ResponseObject['content'] = {
    // A status with two views (GET /api/calendar by its action) is either; one not named yet is any JSON.
    'application/json': { schema: !described ? {} : views.length > 1 ? { oneOf: views } : views[0]! },
  };
  if (route.streams) content['text/event-stream'] = { schema: { type: 'string', description: 'With `stream: true` in the body: `data:` chunks, then `data: [DONE]`.' } };
  return { description: [...(notes.length ? notes : ['Success.']), ...(described ? [] : ['The view is not described yet.'])].join(' '), content };
}

const redirect = (successes: SuccessDef[]): ResponseObject => ({
  description: `Redirect. ${successes.map((success) => success.note).join(' ')}`.trim(),
  headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } },
});

/** One response per success status of the route: a body with its view, or a redirect with its Location. */
export function successResponses(route: RouteDef): Record<string, ResponseObject> {
  const byStatus = new Map<number, SuccessDef[]>();
  for (const success of successesOf(route)) byStatus.set(success.status, [...(byStatus.get(success.status) ?? []), success]);
  return Object.fromEntries([...byStatus].map(([status, successes]) => [String(status), status >= 300 ? redirect(successes) : body(route, successes)]));
}
