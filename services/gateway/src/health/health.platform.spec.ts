import { connect, type NatsConnection } from '@nats-io/transport-node';
import { SESSION_COOKIE, SUBJECTS } from '@platform/contracts';
import { TestPlatform } from '@platform/testing';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('Health (platform-core 4.11)', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start();
  });

  afterAll(async () => {
    await platform?.close();
  });

  describe('GET /api/health (web)', () => {
    it('returns 200 with the host metrics', async () => {
      const response = await platform.web().get('/api/health');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: 'ok',
        health: expect.stringMatching(/^(healthy|degraded|unhealthy)$/),
        timestamp: expect.stringMatching(ISO_DATE),
        cpu: { usage: expect.any(Number), cores: expect.any(Number) },
        memory: { usage: expect.any(Number), total: expect.any(Number), used: expect.any(Number), free: expect.any(Number) },
        uptime: expect.any(Number),
      });
      expect(response.body.cpu.cores).toBeGreaterThan(0);
      expect(response.body.memory.used + response.body.memory.free).toBe(response.body.memory.total);
    });

    it('answers concurrent checks with 200', async () => {
      const client = platform.web();
      const responses = await Promise.all(Array.from({ length: 5 }, () => client.get('/api/health')));
      expect(responses.map((response) => [response.status, response.body.status])).toEqual(Array(5).fill([200, 'ok']));
    });

    it('needs no credentials and reads none', async () => {
      const response = await platform.web().get('/api/health', { authorization: 'Bearer sk_nonsense', cookie: `${SESSION_COOKIE}=nonsense` });
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('ok');
    });
  });

  describe('GET /health (backend)', () => {
    it('reports the hosting provider unavailable when no agents service answers', async () => {
      const response = await platform.backend().get('/health');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: 'ok',
        timestamp: expect.stringMatching(ISO_DATE),
        docker: 'unavailable',
        provisioning: 'disabled',
        provider: 'local',
      });
    });

    describe(`with an agents service answering ${SUBJECTS.agents.hostingStatus}`, () => {
      let nats: NatsConnection;

      beforeAll(async () => {
        nats = await connect({ servers: platform.env.NATS_URL });
        nats.subscribe(`${platform.env.NATS_PREFIX}${SUBJECTS.agents.hostingStatus}`, {
          callback: (error, message) => {
            if (error) return;
            const request = message.json<{ pattern: string; data: unknown; id: string }>();
            message.respond(JSON.stringify({
              id: request.id,
              // Not the gateway's own HOSTING_PROVIDER default, so the answer shows whose provider it reports.
              response: { reachable: true, provisioningEnabled: true, provider: 'fly' },
              isDisposed: true,
            }));
          },
        });
        await nats.flush();
      });

      afterAll(async () => {
        await nats?.drain();
      });

      it('reports it available, provisioning enabled and the agents service\'s provider', async () => {
        const response = await platform.backend().get('/health');
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          status: 'ok',
          timestamp: expect.stringMatching(ISO_DATE),
          docker: 'available',
          provisioning: 'enabled',
          provider: 'fly',
        });
      });
    });
  });
});
