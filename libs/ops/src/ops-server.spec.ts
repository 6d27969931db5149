import { Counter } from 'prom-client';
import { Readiness } from '@platform/config';
import { OpsServer } from './ops-server.js';
import { ServiceMetrics } from './service-metrics.js';

describe('OpsServer', () => {
  let metrics: ServiceMetrics;
  let readiness: Readiness[];
  let sut: OpsServer;
  let url: string;

  beforeEach(async () => {
    metrics = new ServiceMetrics().collectProcessMetrics();
    readiness = [new Readiness(), new Readiness()];
    readiness[0]!.dependency('nats');
    readiness[1]!.dependency('nats');
    readiness[1]!.dependency('redis', { optional: true });
    sut = new OpsServer({ port: 0, host: '127.0.0.1', metrics, readiness });
    url = await sut.start();
  });

  afterEach(async () => {
    await sut.close();
  });

  const get = (path: string) => fetch(`${url}${path}`);

  it('serves its registry as Prometheus text on GET /metrics, process metrics included', async () => {
    new Counter({ name: 'things_total', help: 'Things.', registers: [metrics.registry] }).inc(3);
    const response = await get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('things_total 3');
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('keeps each registry apart: another service in the process shows none of its metrics', async () => {
    const other = new ServiceMetrics();
    new Counter({ name: 'other_total', help: 'Other.', registers: [other.registry] }).inc();
    expect(await (await get('/metrics')).text()).not.toContain('other_total');
  });

  it('answers GET /livez while the process runs', async () => {
    const response = await get('/livez');
    expect([response.status, await response.json()]).toEqual([200, { ok: true, status: 'live' }]);
  });

  it('answers GET /readyz with 200 while every dependency is up', async () => {
    const response = await get('/readyz');
    expect([response.status, await response.json()]).toEqual([200, { ready: true, failing: [], degraded: [], uptimeMs: expect.any(Number) }]);
  });

  it('answers GET /readyz with 503 naming a required dependency that is down, once however many surfaces watch it', async () => {
    for (const surface of readiness) surface.dependency('nats').failed(new Error('disconnected'));
    const response = await get('/readyz');
    expect([response.status, await response.json()]).toEqual([503, { ready: false, failing: ['nats'], degraded: [], uptimeMs: expect.any(Number) }]);
  });

  it('stays ready with an optional dependency down, naming it degraded', async () => {
    readiness[1]!.dependency('redis').failed(new Error('ECONNREFUSED'));
    const response = await get('/readyz');
    expect([response.status, await response.json()]).toEqual([200, { ready: true, failing: [], degraded: ['redis'], uptimeMs: expect.any(Number) }]);
  });

  it('answers 404 for another path and 405 for another method', async () => {
    expect((await get('/healthz')).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(405);
  });
});
