import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SURFACES } from '@platform/contracts';

export const API_REFERENCE_PATH = '/api/docs';

/** What the page loads of swagger-ui-dist; its sample index.html and initializer (a public petstore) are not served. */
const ASSETS = new Set(['swagger-ui.css', 'index.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png']);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Platform API reference</title>
<link rel="stylesheet" href="${API_REFERENCE_PATH}/swagger-ui.css">
<link rel="stylesheet" href="${API_REFERENCE_PATH}/index.css">
<link rel="icon" type="image/png" href="${API_REFERENCE_PATH}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_REFERENCE_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_REFERENCE_PATH}/swagger-ui-standalone-preset.js"></script>
<script src="${API_REFERENCE_PATH}/reference.js"></script>
</body>
</html>
`;

/**
 * One document per surface, picked in the page's top bar. validatorUrl null: Swagger UI would
 * otherwise send the document to validator.swagger.io for its badge, and the page loads nothing
 * from another origin.
 */
const INITIALIZER = `window.onload = () => {
  window.ui = SwaggerUIBundle({
    urls: ${JSON.stringify(SURFACES.map((surface) => ({ name: surface, url: surface === 'web' ? '/api/openapi.json' : `/api/openapi.json?surface=${surface}` })))},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
};
`;

/**
 * The rendered API reference on the web surface (docs/operations.md): Swagger UI from the
 * swagger-ui-dist package, served from the gateway itself, so the page works offline and sends
 * nothing to a CDN. It reads GET /api/openapi.json, a row of the route table.
 */
export async function serveApiReference(fastify: FastifyInstance): Promise<void> {
  const root = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  // decorateReply false: the web app's own @fastify/static already decorates the reply.
  await fastify.register(fastifyStatic, {
    root,
    prefix: `${API_REFERENCE_PATH}/`,
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => ASSETS.has(path.basename(pathName)),
  });
  fastify.get(API_REFERENCE_PATH, (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE));
  fastify.get(`${API_REFERENCE_PATH}/reference.js`, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(INITIALIZER));
}
