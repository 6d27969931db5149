import { QUEUES } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { INFRA, TEST_INTERNAL_API_KEY, testEnv } from '@platform/testing';
import { startGateway, type RunningGateway } from '../gateway.app.js';

const BOARD_API = '/api/admin/queues/api/queues';

describe('The queue board at /api/admin/queues', () => {
  const env = testEnv(INFRA.databaseUrl);
  const producer = new QueueFactory({ redisUrl: env.REDIS_URL!, prefix: env.REDIS_PREFIX! });
  let gateway: RunningGateway;
  const get = (urlPath: string, authorization?: string) =>
    fetch(`${gateway.urls.backend}${urlPath}`, { headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    gateway = await startGateway(env);
  });

  afterAll(async () => {
    await gateway?.close();
    await producer.onApplicationShutdown();
  });

  it.each(['/api/admin/queues', BOARD_API])('answers GET %s without the internal key with 401', async (urlPath) => {
    const response = await get(urlPath);

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Unauthorized' });
  });

  it('answers a bearer that is not the internal key with 403', async () => {
    const response = await get(BOARD_API, `Bearer ${TEST_INTERNAL_API_KEY}x`);

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Forbidden' });
  });

  it('lists every queue of the contracts with the internal key, jobs counted under this REDIS_PREFIX', async () => {
    await producer.add(QUEUES.identityMail, { email: 'someone@example.com' });

    const response = await get(BOARD_API, `Bearer ${TEST_INTERNAL_API_KEY}`);

    expect(response.status).toBe(200);
    const { queues } = (await response.json()) as { queues: Array<{ name: string; counts: Record<string, number> }> };
    expect(queues.map((queue) => queue.name).sort()).toEqual(Object.values(QUEUES).sort());
    expect(queues.find((queue) => queue.name === QUEUES.identityMail)!.counts['waiting']).toBe(1);
  });

  it('serves the board’s page with the internal key', async () => {
    const response = await get('/api/admin/queues', `Bearer ${TEST_INTERNAL_API_KEY}`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
