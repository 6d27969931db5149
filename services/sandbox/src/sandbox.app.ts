import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
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
  return app;
}
