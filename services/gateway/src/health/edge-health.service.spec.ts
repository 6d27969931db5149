import type { RpcClient } from '@platform/messaging';
import { loadEnv } from '@platform/config';
import { GatewayEnv } from '../gateway.env.js';
import { EdgeHealthService } from './edge-health.service.js';
import type { HostMetrics } from './host-metrics.js';

describe('EdgeHealthService', () => {
  it('answers GET /api/health with 500 when host metrics cannot be read', async () => {
    const metrics = { read: () => { throw new Error('no /proc'); } } as unknown as HostMetrics;
    const sut = new EdgeHealthService(metrics, {} as RpcClient, loadEnv(GatewayEnv, {}));

    const reply = await sut.answer('hostHealth');

    expect(reply).toEqual({ status: 500, body: { status: 'error', health: 'unhealthy', timestamp: expect.any(String) } });
  });
});
