import { createServer, type AddressInfo } from 'node:net';
import { ProbeServer } from './probe-server.js';
import { Readiness } from './readiness.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('ProbeServer', () => {
  let readiness: Readiness;
  let sut: ProbeServer;
  let url: string;

  beforeEach(async () => {
    readiness = new Readiness();
    readiness.dependency('postgres');
    const port = await freePort();
    sut = new ProbeServer(readiness, { port, host: '127.0.0.1' });
    await sut.onApplicationBootstrap();
    url = `http://127.0.0.1:${port}`;
  });

  afterEach(async () => {
    await sut.onApplicationShutdown();
  });

  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`);
    return [response.status, await response.json()];
  };

  it('answers /healthz while the process runs', async () => {
    expect(await get('/healthz')).toEqual([200, { ok: true, status: 'live' }]);
  });

  it('answers /readyz with 200 while every dependency is up', async () => {
    expect(await get('/readyz')).toEqual([200, { ready: true, failing: [], degraded: [], uptimeMs: expect.any(Number) }]);
  });

  it('answers /readyz with 503 naming the dependency that is down', async () => {
    readiness.dependency('postgres').failed(new Error('ECONNREFUSED'));
    expect(await get('/readyz')).toEqual([503, { ready: false, failing: ['postgres'], degraded: [], uptimeMs: expect.any(Number) }]);
  });

  it('serves nothing when its port is 0', async () => {
    const off = new ProbeServer(readiness, { port: 0, host: '127.0.0.1' });
    await off.onApplicationBootstrap();
    expect(off.port).toBeUndefined();
  });
});
