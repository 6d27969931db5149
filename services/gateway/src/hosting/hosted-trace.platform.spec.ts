import { context, propagation, trace } from '@opentelemetry/api';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { TEST_INTERNAL_API_KEY, TestClient, useAiPlatform, waitFor } from '@platform/testing';

/** What the OTLP/JSON exporter sends of a span: ids in hex, no parent for a root. */
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

/**
 * A gateway that hosts ai-gateway traces as the two processes do (issue 19): the process's provider
 * is the gateway's, from the OTEL_* variables, exporting over OTLP to a collector here, and the
 * hosted handler's calls find their span in the active context.
 */
describe('a chat\'s trace through a gateway hosting ai-gateway', () => {
  const spans: ExportedSpan[] = [];
  const collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] };
      for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const env: Record<string, string> = { GATEWAY_HOSTS: 'ai-gateway', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
  const scheduleDelay = process.env.OTEL_BSP_SCHEDULE_DELAY;

  // Before the platform boots: the gateway registers the process's provider from `env`.
  beforeAll(async () => {
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    process.env.OTEL_BSP_SCHEDULE_DELAY = '50';
  });
  const ai = useAiPlatform({ services: [], env });

  afterAll(async () => {
    if (scheduleDelay === undefined) delete process.env.OTEL_BSP_SCHEDULE_DELAY;
    else process.env.OTEL_BSP_SCHEDULE_DELAY = scheduleDelay;
    trace.disable();
    context.disable();
    propagation.disable();
    collector.closeAllConnections();
    await new Promise((resolve) => collector.close(resolve));
  });

  it('makes the vendor call the child of the hosted handler\'s span, in the request\'s trace', async () => {
    const response = await new TestClient(ai.platform.backendUrl, {
      authorization: `Bearer ${TEST_INTERNAL_API_KEY}`, 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_123', 'x-user-id': `user-${randomUUID()}`,
    }).post('/api/ai/chat', { messages: [{ role: 'user', content: 'Hello there' }] });

    expect(response.status).toBe(200);
    const named = ['POST /api/ai/chat', 'process svc.ai.chat', 'POST'].map((name) => () => spans.find((span) => span.name === name));
    const [edge, handler, vendorCall] = (await waitFor(async () => named.map((find) => find()), (found) => found.every(Boolean))) as ExportedSpan[];
    expect(handler).toMatchObject({ traceId: edge.traceId, parentSpanId: edge.spanId });
    expect(vendorCall).toMatchObject({ traceId: edge.traceId, parentSpanId: handler.spanId });
  });
});
