import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { randomUUID } from 'node:crypto';
import { TEST_INTERNAL_API_KEY, TestClient, useAiPlatform, waitFor } from '@platform/testing';
import { sampleRootsAt } from './root-sampling.js';

const hello = { messages: [{ role: 'user', content: 'Hello there' }] };

/** The spans' names from the trace's root down to `span`, through each one's parent. */
function pathTo(span: ReadableSpan, spans: ReadableSpan[]): string[] {
  const byId = new Map(spans.map((each) => [each.spanContext().spanId, each]));
  const path: string[] = [];
  for (let at: ReadableSpan | undefined = span; at; at = byId.get(at.parentSpanContext?.spanId ?? '')) path.unshift(at.name);
  return path;
}

/**
 * One request's way as one trace (issue 19): the services run in this process, so one in-memory
 * exporter hears every span the gateway, ai-gateway, the sandbox's vendor and the usage worker make.
 */
describe('a chat\'s trace', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  provider.register();
  const ai = useAiPlatform({ services: ['ai-gateway', 'usage'], env: { USAGE_BATCH_MAX_WAIT_MS: '50' } });

  afterEach(() => exporter.reset());
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  const chat = (headers: Record<string, string> = {}) => new TestClient(ai.platform.backendUrl, {
    authorization: `Bearer ${TEST_INTERNAL_API_KEY}`, 'x-user-plan': 'solo', 'x-billing-subscription-id': 'sub_123', 'x-user-id': `user-${randomUUID()}`, ...headers,
  }).post('/api/ai/chat', hello);
  /** The trace's spans once the usage worker has written the chat's event (its span ends after the commit). */
  const traceWithUsage = (traceId: string) => waitFor(
    async () => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId),
    (spans) => spans.some((span) => span.name === 'process usage.log'),
  );

  it('is one trace from the gateway through ai-gateway and the vendor to the usage worker, each hop the child of the last', async () => {
    const response = await chat();

    expect(response.status).toBe(200);
    // Ended once the answer has left, which the client may hear first.
    const edge = (await waitFor(async () => exporter.getFinishedSpans().find((span) => span.name === 'POST /api/ai/chat'), Boolean))!;
    expect(edge.kind).toBe(SpanKind.SERVER);
    expect(edge.parentSpanContext).toBeUndefined();
    expect(edge.attributes).toMatchObject({ 'http.route': '/api/ai/chat', 'http.response.status_code': 200 });
    const spans = await traceWithUsage(edge.spanContext().traceId);
    const vendor = spans.find((span) => span.kind === SpanKind.SERVER && span.name.startsWith('POST /openrouter/'))!;
    const usage = spans.find((span) => span.name === 'process usage.log')!;
    expect(pathTo(vendor, spans)).toEqual(['POST /api/ai/chat', 'process svc.ai.chat', 'POST', vendor.name]);
    expect(pathTo(usage, spans)).toEqual(['POST /api/ai/chat', 'process svc.ai.chat', 'send usage.log', 'process usage.log']);
    expect(spans.find((span) => span.name === 'POST')!.attributes).toMatchObject({ 'peer.service': 'openrouter', 'http.response.status_code': 200 });
    expect(usage.kind).toBe(SpanKind.CONSUMER);
    expect(usage.attributes).toMatchObject({ 'messaging.system': 'bullmq', 'messaging.destination.name': 'usage.log' });
  });

  it('continues the trace of a caller that sends traceparent', async () => {
    const traceId = randomUUID().replaceAll('-', '');
    const callerSpanId = '00f067aa0ba902b7';

    const response = await chat({ traceparent: `00-${traceId}-${callerSpanId}-01` });

    expect(response.status).toBe(200);
    const spans = await traceWithUsage(traceId);
    const edge = spans.find((span) => span.name === 'POST /api/ai/chat')!;
    expect(edge.parentSpanContext?.spanId).toBe(callerSpanId);
    expect(spans.map((span) => span.name)).toEqual(expect.arrayContaining(['process svc.ai.chat', 'send usage.log', 'process usage.log']));
  });

  it('records nothing anywhere for a caller whose traceparent is sampled out, and starts no trace of its own downstream', async () => {
    const unsampled = await chat({ traceparent: `00-${randomUUID().replaceAll('-', '')}-00f067aa0ba902b7-00` });
    const sampled = await chat();

    expect([unsampled.status, sampled.status]).toEqual([200, 200]);
    // The sampled chat's usage event is written after (or with) the unsampled one's: by then every span of both has ended.
    const edge = (await waitFor(async () => exporter.getFinishedSpans().find((span) => span.name === 'POST /api/ai/chat'), Boolean))!;
    await traceWithUsage(edge.spanContext().traceId);
    expect(new Set(exporter.getFinishedSpans().map((span) => span.spanContext().traceId))).toEqual(new Set([edge.spanContext().traceId]));
  });

  it('records nothing anywhere for a request the edge samples out', async () => {
    sampleRootsAt(0);
    const unsampled = await chat().finally(() => sampleRootsAt(1));
    const sampled = await chat();

    expect([unsampled.status, sampled.status]).toEqual([200, 200]);
    const edge = (await waitFor(async () => exporter.getFinishedSpans().find((span) => span.name === 'POST /api/ai/chat'), Boolean))!;
    await traceWithUsage(edge.spanContext().traceId);
    expect(new Set(exporter.getFinishedSpans().map((span) => span.spanContext().traceId))).toEqual(new Set([edge.spanContext().traceId]));
  });
});
