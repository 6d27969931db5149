import { RETRY_AFTER_SECONDS } from '../api-error.js';
import { RATE_LIMITS } from '../rate-limits.js';
import type { RouteDef } from '../routes.js';
import type { JsonSchema, ResponseObject } from './openapi-types.js';
import { serviceErrorsOf, withServiceErrors } from './service-error-responses.js';
import { successResponses } from './success-responses.js';

const ERROR_SCHEMA = { platform: 'PlatformError', openai: 'OpenAiError' } as const;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const integer: JsonSchema = { type: 'integer' };

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed in the window of the tightest group.', schema: integer },
  'RateLimit-Remaining': { description: 'Requests left in that window.', schema: integer },
  'RateLimit-Reset': { description: 'Seconds until that window ends.', schema: integer },
};

/**
 * What a route answers: its successes (ROUTE_SUCCESS), what the edge itself may answer, read from
 * the route's row, and the service's own errors (ROUTE_ERRORS).
 */
export function routeResponses(route: RouteDef): Record<string, ResponseObject> {
  const shape = { $ref: `#/components/schemas/${ERROR_SCHEMA[route.errorShape ?? 'platform']}` };
  const error = (description: string, extra: Partial<ResponseObject> = {}): ResponseObject => ({
    description,
    ...extra,
    content: { 'application/json': { schema: shape } },
  });
  const byCookie = route.auth === 'session' || route.auth === 'optionalSession' || route.auth === 'sessionOrInternal';
  const internalBearer = route.auth === 'internal' || route.auth === 'sessionOrInternal';
  const forbidden = [
    ...(internalBearer ? ['A bearer that is not the internal key.'] : []),
    ...(byCookie && WRITES.has(route.method) ? ['A cookie-authenticated write from another site (“Cross-site request refused”).'] : []),
  ];
  const responses: Record<string, ResponseObject> = successResponses(route);
  // Services validate what they read; of the edge's own answers only the document reads an input (its ?surface=).
  if (route.subject || route.edge === 'apiDocument') responses['400'] = error('The body, query or a parameter broke a rule; `error` is the first broken rule’s message.');
  if (route.auth !== 'none' && route.auth !== 'optionalSession') responses['401'] = error('No credential, or one that is not valid.');
  if (forbidden.length) responses['403'] = error(forbidden.join(' '));
  if (WRITES.has(route.method)) responses['413'] = error('The body is over 1 MB.');
  if (route.rateLimits?.length) responses['429'] = error(rateLimitText(route), { headers: RATE_LIMIT_HEADERS });
  if (internalBearer) responses['500'] = error('“Server misconfigured”: INTERNAL_API_KEY is not set.');
  if (route.subject) {
    responses['502'] = error(`The service did not answer within ${route.timeoutMs ? `${route.timeoutMs / 1000} s` : 'NATS_REQUEST_TIMEOUT_MS'}.`);
  }
  // The internal key is checked at the edge; a session or a user key is resolved by identity.
  if (route.subject || byCookie || route.auth === 'apiKey') {
    responses['503'] = error('A service, the database or the credential check cannot be reached now.', {
      headers: { 'Retry-After': { description: `Seconds to wait (${RETRY_AFTER_SECONDS}).`, schema: integer } },
    });
  }
  for (const [status, errors] of serviceErrorsOf(route)) responses[status] = withServiceErrors(route, status, errors, responses[status], shape);
  return responses;
}

/** Each group the route counts against, with the spec's numbers and message. */
function rateLimitText(route: RouteDef): string {
  const groups = (route.rateLimits ?? []).map((group) => {
    const rule = RATE_LIMITS[group];
    return `${group}: ${rule.points} per ${rule.durationSec} s per IP (“${rule.message}”)`;
  });
  return `Rate limited. ${groups.join('; ')}.`;
}
