import type { RpcClient } from '@platform/messaging';
import { loadEnv, Readiness } from '@platform/config';
import { GatewayEnv } from '../gateway.env.js';
import { EdgeHealthService } from './edge-health.service.js';
import type { HostMetrics } from './host-metrics.js';

const working = { read: () => ({}) } as unknown as HostMetrics;
const sutWith = (metrics: HostMetrics, readiness = new Readiness()) => new EdgeHealthService(metrics, {} as RpcClient, readiness, loadEnv(GatewayEnv, {}));

describe('EdgeHealthService', () => {
  it('answers GET /api/health with 500 when host metrics cannot be read', async () => {
    const metrics = { read: () => { throw new Error('no /proc'); } } as unknown as HostMetrics;

    const reply = await sutWith(metrics).answer('hostHealth');

    expect(reply).toEqual({ status: 500, body: { status: 'error', health: 'unhealthy', timestamp: expect.any(String) } });
  });

  it('answers GET /readyz with 200 while every connection is up', async () => {
    const readiness = new Readiness();
    readiness.dependency('nats');

    const reply = await sutWith(working, readiness).answer('readiness');

    expect(reply).toEqual({ status: 200, body: { ready: true, failing: [], degraded: [], uptimeMs: expect.any(Number) } });
  });

  it('answers GET /readyz with 503 naming NATS while it is down', async () => {
    const readiness = new Readiness();
    readiness.dependency('nats').failed(new Error('disconnected'));

    const reply = await sutWith(working, readiness).answer('readiness');

    expect(reply).toEqual({ status: 503, body: { ready: false, failing: ['nats'], degraded: [], uptimeMs: expect.any(Number) } });
  });

  it('stays ready, degraded, while Redis is down', async () => {
    const readiness = new Readiness();
    readiness.dependency('redis', { optional: true }).failed(new Error('ECONNREFUSED'));

    const reply = await sutWith(working, readiness).answer('readiness');

    expect(reply).toMatchObject({ status: 200, body: { ready: true, failing: [], degraded: ['redis'] } });
  });
});
