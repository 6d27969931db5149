import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { RUNTIME_PATHS } from '@platform/contracts';
import { startRuntime } from './runtime.app.js';

const HOST = '127.0.0.1';

/** Holds a port the way another process would: the runtime cannot listen there until it is closed. */
async function holdPort(): Promise<Server> {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen({ host: HOST, port: 0, exclusive: true }, resolve));
  return holder;
}

describe('startRuntime', () => {
  let dataDir: string;
  let holder: Server | undefined;
  let sut: FastifyInstance | undefined;

  // Tries for 0.3 + 0.6 + 1.2 + 2.4 s after the first.
  const envOn = (port: number) => ({
    AGENT_ID: randomUUID(), AGENT_USER_ID: 'owner', GATEWAY_TOKEN: 'token-of-sixteen-chars', DATA_DIR: dataDir,
    HOST, PORT: String(port), LISTEN_ATTEMPTS: '5', LISTEN_BACKOFF_MS: '300', LOG_LEVEL: 'silent',
  });

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'runtime-app-'));
    holder = await holdPort();
  });

  afterEach(async () => {
    await sut?.close();
    sut = undefined;
    if (holder?.listening) await new Promise((resolve) => holder!.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('listens on its port once the socket holding it at boot lets it go', async () => {
    const { port } = holder!.address() as { port: number };
    // Well after the first try (the runtime reaches it within some 100 ms), well before the last.
    setTimeout(() => holder!.close(), 1000);

    sut = await startRuntime(envOn(port));

    const response = await fetch(`http://${HOST}:${port}${RUNTIME_PATHS.healthz}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, status: 'live' });
  });

  it('fails its boot with EADDRINUSE when the port stays taken past the last try', async () => {
    const { port } = holder!.address() as { port: number };
    const started = performance.now();

    await expect(startRuntime(envOn(port))).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(4500);
  });
});
