import { QUEUES, SUBJECTS } from '@platform/contracts';
import { QueueFactory } from '@platform/queue';
import { ScrapedMetrics, TestPlatform } from '@platform/testing';
import { OpsEndpoint } from './ops-endpoint.js';

describe('Metrics on the ops ports', () => {
  let platform: TestPlatform;
  let gatewayOps: string;
  let identityOps: string;

  beforeAll(async () => {
    platform = await TestPlatform.start();
    gatewayOps = platform.gateways[0]!.opsUrl;
    identityOps = platform.provider('identity', OpsEndpoint).url!;
  });

  afterAll(async () => {
    await platform.close();
  });

  it('counts and times a request at the edge by its route pattern, and its NATS request at both ends', async () => {
    const route = { surface: 'web', method: 'GET', route: '/api/auth/session' };
    const subject = SUBJECTS.identity.session;
    const [edgeBefore, identityBefore] = await Promise.all([ScrapedMetrics.of(gatewayOps), ScrapedMetrics.of(identityOps)]);

    expect((await platform.web().get('/api/auth/session?from=metrics')).status).toBe(200);

    const [edge, identity] = await Promise.all([ScrapedMetrics.of(gatewayOps), ScrapedMetrics.of(identityOps)]);
    const moved = (after: ScrapedMetrics, before: ScrapedMetrics, name: string, labels: Record<string, string>) => after.value(name, labels) - before.value(name, labels);
    expect(moved(edge, edgeBefore, 'http_requests_total', { ...route, status: '200' })).toBe(1);
    expect(moved(edge, edgeBefore, 'http_request_duration_seconds_count', route)).toBe(1);
    expect(moved(edge, edgeBefore, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(1);
    expect(edge.has('http_requests_total', { route: '/api/auth/session?from=metrics' })).toBe(false);
    expect(moved(edge, edgeBefore, 'nats_request_duration_seconds_count', { subject, outcome: 'ok' })).toBe(1);
    expect(moved(identity, identityBefore, 'nats_handler_duration_seconds_count', { subject, outcome: 'ok' })).toBe(1);
  });

  it("reads the backlog of a queue the service works when scraped", async () => {
    await platform.provider('identity', QueueFactory).add(QUEUES.identityMail, { email: 'later@example.com' }, undefined, { delay: 60_000 });

    const identity = await ScrapedMetrics.of(identityOps);
    expect(identity.value('queue_jobs', { queue: QUEUES.identityMail, state: 'delayed' })).toBe(1);
    for (const state of ['waiting', 'active', 'failed']) expect(identity.has('queue_jobs', { queue: QUEUES.identityMail, state })).toBe(true);
    expect(identity.value('queue_oldest_waiting_job_age_seconds', { queue: QUEUES.identityMail })).toBe(0);
  });

  it('serves process metrics and readiness on every ops port', async () => {
    for (const url of [gatewayOps, identityOps]) {
      expect((await ScrapedMetrics.of(url)).value('process_resident_memory_bytes')).toBeGreaterThan(0);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    }
  });
});
