import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { closeRequestSpan, openRequestSpan } from '@platform/tracing';
import { installFormParser } from './form-body-parser.js';
import { mountIdp } from './idp/idp-mount.js';
import type { SandboxConfig } from './sandbox.config.js';
import { SandboxModule } from './sandbox.module.js';
import { installBinaryParser } from './streaming/binary-body-parser.js';

/** The configured app, not yet listening: tests that need to reach a provider start here. */
export async function createSandboxApp(config: SandboxConfig): Promise<NestFastifyApplication> {
  // Closing ends every connection at once: a client's aborted call to a hanging feed can leave one open for the whole keep-alive time.
  const app = await NestFactory.create<NestFastifyApplication>(SandboxModule.forRoot(config), new FastifyAdapter({ forceCloseConnections: true }), {
    logger: false,
    // Callers run the sandbox in-process; a wiring error must reject, not abort their test run.
    abortOnError: false,
  });
  installFormParser(app);
  installBinaryParser(app);
  mountIdp(app);
  traceCallers(app);
  return app;
}

/**
 * A third party the platform calls shows in the platform's traces, as a real vendor's own tracing
 * would: a server span under the caller's `traceparent`. Calls that bring none (a test's controls,
 * the sandbox's own pages) start no trace.
 */
function traceCallers(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, _reply, done) => {
    // A path no route matched is named without its query, which may hold a key.
    if (request.headers.traceparent) openRequestSpan(request, request.routeOptions.url ?? request.url.split('?')[0]!);
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    closeRequestSpan(request, reply.statusCode);
    done();
  });
}
