import { apiDocument, ApiDocumentQueryDto, validateAs, type OpenApiDocument, type Reply, type Surface } from '@platform/contracts';

/** Built once per surface on first request: the document follows only the code, never the request. */
const documents = new Map<Surface, OpenApiDocument>();

/** GET /api/openapi.json: one surface's API document (libs/contracts/src/openapi), the web's by default. */
export function apiDocumentReply(query: unknown): Reply<OpenApiDocument> {
  const surface = validateAs(ApiDocumentQueryDto, query ?? {}).surface ?? 'web';
  let document = documents.get(surface);
  if (!document) documents.set(surface, (document = apiDocument(surface)));
  return { status: 200, body: document };
}
