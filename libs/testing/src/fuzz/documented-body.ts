import fc from 'fast-check';
import { apiDocument, openApiPath, type OpenApiDocument, type RouteDef, type Surface } from '@platform/contracts';
import { schemaValue } from './schema-values.js';

const documents = new Map<Surface, OpenApiDocument>();

/** Bodies the API document says the route takes, as JSON text; undefined for a route it gives no body. */
export function documentedBody(route: RouteDef, words: readonly string[]): fc.Arbitrary<string> | undefined {
  let document = documents.get(route.surface);
  if (!document) documents.set(route.surface, (document = apiDocument(route.surface)));
  const schema = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
  return schema && schemaValue(schema, document.components.schemas, words).map((body) => JSON.stringify(body));
}
