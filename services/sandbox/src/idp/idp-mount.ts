import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IDP_PREFIX, SandboxIdp } from './sandbox-idp.service.js';

/** The sandbox's own hooks under the prefix; every other /idp path is the provider's. */
const HOOK_PATHS = new Set(['/next-login', '/risc/sign', '/risc/jwks-fetches', '/.well-known/risc-configuration'].map((path) => `${IDP_PREFIX}${path}`));

/**
 * Hands the provider's requests to it before Fastify reads their bodies (it parses its own),
 * and the interaction page to the next-login consent.
 */
export function mountIdp(app: NestFastifyApplication): void {
  const idp = app.get(SandboxIdp);
  app.getHttpAdapter().getInstance().addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith(`${IDP_PREFIX}/`) || HOOK_PATHS.has(path)) return;
    reply.hijack();
    if (path.startsWith(`${IDP_PREFIX}/interaction/`)) {
      await idp.interact(request.raw, reply.raw).catch((error: unknown) => {
        if (!reply.raw.headersSent) reply.raw.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }));
      });
      return;
    }
    idp.serve(request.raw, reply.raw);
  });
}
