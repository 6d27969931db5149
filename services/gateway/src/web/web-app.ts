import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { frameworkErrors } from '../http/framework-errors.js';

/** Vite names every file under assets/ by its content hash, so a cached copy is never stale. */
const HASHED_ASSETS = 'assets/';
const A_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>
<body><h1>The web app is not built</h1><p>Run <code>npm start</code>, or <code>npm run build -w apps/web</code>, then reload.</p></body></html>
`;

/** A file of the build under `distDir` that `urlPath` names, or undefined; never a path outside it. */
function builtFile(distDir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const relative = path.normalize(decoded).replace(/^([/\\])+/, '');
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const file = path.join(distDir, relative);
  return existsSync(file) && statSync(file).isFile() ? relative : undefined;
}

/**
 * The single-page app on the web surface (docs/web.md): GET and HEAD of any path the route table
 * does not have. A built file is sent as is (hashed assets cached for a year), any other path gets
 * index.html uncached so a deploy is picked up on the next load, and the client's router draws the
 * page. Unknown /api paths keep the edge's JSON 404.
 */
export async function serveWebApp(fastify: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  // serve: false: only reply.sendFile (ranges, ETag, content types); which path gets which file is decided below.
  await fastify.register(fastifyStatic, { root, serve: false });
  const maxParamLength = fastify.initialConfig.maxParamLength ?? 100;
  fastify.get('/*', (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0]!;
    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      // With this catch-all registered, the router hands it a too-long parameter of an API route
      // (GET /api/keys/<2,000 characters>) instead of refusing it: the router's 414 all the same.
      if (urlPath.split('/').some((segment) => segment.length > maxParamLength)) {
        return frameworkErrors({ code: 'FST_ERR_MAX_PARAM_LENGTH' } as FastifyError, request, reply);
      }
      return reply.callNotFound();
    }
    if (!existsSync(path.join(root, 'index.html'))) {
      return reply.status(503).header('retry-after', '10').type('text/html; charset=utf-8').send(NOT_BUILT);
    }
    const file = builtFile(root, urlPath);
    if (file?.startsWith(HASHED_ASSETS)) return reply.sendFile(file, { maxAge: A_YEAR_MS, immutable: true });
    if (file && file !== 'index.html') return reply.sendFile(file, { maxAge: 0 });
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
