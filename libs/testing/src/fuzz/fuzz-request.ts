import fc from 'fast-check';
import type { AuthMode, RouteDef } from '@platform/contracts';
import type { ContractFields } from './contract-fields.js';
import { contractBody } from './contract-values.js';
import { documentedBody } from './documented-body.js';
import { fuzzHeaders } from './fuzz-headers.js';
import { fuzzBody, fuzzText, PROTOTYPE_KEYS } from './fuzz-json.js';

/** Who the request claims to be; the platform test turns each into real headers. */
export const CREDENTIALS = [
  'none', 'garbageCookie', 'session', 'garbageApiKey', 'apiKey', 'internalKey', 'wrongBearer', 'malformedAuthorization',
] as const;
export type Credential = (typeof CREDENTIALS)[number];

export interface FuzzRequest {
  /** Path with its parameters filled in and a query string, sent without normalisation. */
  path: string;
  credential: Credential;
  headers: Record<string, string | string[]>;
  contentType?: string;
  body?: string;
}

export interface FuzzVocabulary {
  /** Body and query fields and their rules (the contracts' own). */
  contract: ContractFields;
  /** String values that mean something to the platform: enum values, real ids, emails, model ids. */
  words: readonly string[];
  /** Ids of records that exist, so path parameters sometimes name one. */
  ids: readonly string[];
  /** Request headers worth setting besides the route's own (identity headers, CSRF headers). */
  headerNames: readonly string[];
  /** Values that mean something to a header (a plan for x-user-plan, a broken session cookie), sent half the time that header is. */
  headerHints: Readonly<Record<string, readonly string[]>>;
}

/** Path segments that try traversal, broken percent-encoding and injection. */
const PATH_JUNK = [
  '..', '%2e%2e', '%2E%2E%2F%2E%2E', '.', '%00', '%zz', '%', '%C0%AE', '%2F', '..%2F..%2Fetc%2Fpasswd', '%ff', '%uFFFF',
  '+', '%20', ';', '*', "'", '"', '%27%20OR%201%3D1--', '$', '{id}', ':id', 'null', 'undefined', '0', '-1', '1e400', 'NaN',
];

const QUERY_JUNK = ['?', '?&&', '?=', '?=&=', '?days', '?days[]=1&days[]=2', '?a[b]=1', '?%zz=1', '?days=%', '?__proto__[x]=1'];

const CONTENT_TYPES = [
  'application/json; charset=utf-8', 'application/JSON', 'application/json;charset=latin1', 'application/vnd.api+json',
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json, text/html', '',
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The credential the route asks for, sent in a third of the runs so the rest of the request gets past auth. */
const EXPECTED_CREDENTIAL: Record<AuthMode, Credential> = {
  session: 'session', optionalSession: 'session', apiKey: 'apiKey', internal: 'internalKey', sessionOrInternal: 'session', none: 'none',
};

/** The route's path with each parameter an existing id, a uuid, any text, junk or far too long. */
function fuzzPath(route: RouteDef, ids: readonly string[]): fc.Arbitrary<string> {
  const segment = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent) },
    { weight: 2, arbitrary: fc.constantFrom(...PATH_JUNK) },
    { weight: 1, arbitrary: fc.constantFrom(256, 2_000, 20_000).map((length) => 'a'.repeat(length)) },
  );
  const params = route.path.split('/').filter((part) => part.startsWith(':'));
  return fc.tuple(...params.map(() => segment))
    .map((values) => values.reduce((filled, value, index) => filled.replace(params[index]!, () => value), route.path));
}

/** None, the contracts' fields with values they accept, random pairs (repeated keys, empty values), or junk. */
function fuzzQuery(vocabulary: FuzzVocabulary): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...vocabulary.contract.names) }, fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 10 })),
    fc.oneof(fuzzText(vocabulary.words), fc.constant('')),
  ).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  const ruled = contractBody(vocabulary.contract, vocabulary.words).map((fields) => `?${Object.entries(fields)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&')}`);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 2, arbitrary: ruled },
    { weight: 4, arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => `?${pairs.join('&')}`) },
    { weight: 1, arbitrary: fc.constantFrom(...QUERY_JUNK) },
  );
}

/**
 * Random and malformed requests for one row of the route table: its path with odd parameters, an
 * odd query, odd headers, any credential and a body that is mostly wrong, sometimes one the API
 * document describes.
 */
export function fuzzRequest(route: RouteDef, vocabulary: FuzzVocabulary): fc.Arbitrary<FuzzRequest> {
  const credential = fc.oneof(
    { weight: 1, arbitrary: fc.constant(EXPECTED_CREDENTIAL[route.auth]) },
    { weight: 2, arbitrary: fc.constantFrom(...CREDENTIALS) },
  );
  // A quarter of a documented route's bodies are what the API document says it takes.
  const documented = documentedBody(route, vocabulary.words);
  const bodies = documented ? fc.oneof({ weight: 3, arbitrary: fuzzBody(vocabulary) }, { weight: 1, arbitrary: documented }) : fuzzBody(vocabulary);
  const body = BODY_METHODS.has(route.method)
    ? fc.option(bodies, { freq: 8, nil: undefined })
    : fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fuzzBody(vocabulary) });
  const contentType = fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) });
  const headers = fuzzHeaders(route, vocabulary.words, vocabulary.headerNames, vocabulary.headerHints);

  return fc.record({ path: fuzzPath(route, vocabulary.ids), query: fuzzQuery(vocabulary), credential, headers, contentType, body })
    .map(({ path, query, contentType: type, ...rest }) => described({
      ...rest,
      path: `${path}${query}`,
      contentType: rest.body === undefined || type === '' ? undefined : type,
    }));
}

/** Counterexamples print with long strings cut, so a 1 MB body does not bury the report. */
function described(request: FuzzRequest): FuzzRequest {
  const text = JSON.stringify(request, (_, value: unknown) =>
    (typeof value === 'string' && value.length > 300 ? `${value.slice(0, 120)}…(${value.length} chars)` : value));
  return Object.defineProperty(request, fc.toStringMethod, { value: () => text, enumerable: false });
}
