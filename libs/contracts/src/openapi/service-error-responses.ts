import { openAiError } from '../ai/openai-error.js';
import type { ErrorCode } from '../error-codes.js';
import type { RouteDef } from '../routes.js';
import type { JsonSchema, ResponseObject } from './openapi-types.js';
import { ROUTE_ERRORS, type ServiceError } from './route-errors.js';

/** The route's own error statuses (ROUTE_ERRORS), grouped by status in the table's order. */
export function serviceErrorsOf(route: RouteDef): Map<number, ServiceError[]> {
  const byStatus = new Map<number, ServiceError[]>();
  for (const error of ROUTE_ERRORS[route.subject ?? route.edge!] ?? []) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  return byStatus;
}

/** How the code reads on the route: the platform's own, or its OpenAI equivalent on /api/v1/gateway. */
const codeOnRoute = (route: RouteDef, status: number, code: ErrorCode): string =>
  (route.errorShape === 'openai' ? openAiError(status, { error: '', code }).error.code ?? code : code);

/**
 * The service's answers at one status, added to what the edge answers there (`edge`, when it does):
 * both told in the description; the error shape narrowed to the codes the service gives (a body
 * without a code, the edge's, still fits); a body of its own (an x402 challenge) beside the shape.
 */
export function withServiceErrors(route: RouteDef, status: number, errors: ServiceError[], edge: ResponseObject | undefined, shape: JsonSchema): ResponseObject {
  const codes = [...new Set(errors.flatMap((error) => error.codes ?? []).map((code) => codeOnRoute(route, status, code)))];
  const bodies = errors.flatMap((error) => (error.body ? [error.body] : []));
  const coded = codes.length && route.errorShape !== 'openai' ? { allOf: [shape, { properties: { code: { enum: codes } } }] } : shape;
  const schemas = [...(edge || bodies.length < errors.length ? [coded] : []), ...bodies];
  const told = [
    ...(edge ? [edge.description] : []),
    ...errors.map((error) => error.note),
    ...(codes.length ? [`Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.`] : []),
  ];
  return {
    description: told.join(' '),
    ...(edge?.headers ? { headers: edge.headers } : {}),
    content: { 'application/json': { schema: schemas.length > 1 ? { oneOf: schemas } : schemas[0]! } },
  };
}
