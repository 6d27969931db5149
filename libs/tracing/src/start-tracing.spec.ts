import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter as OTLPJsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OTLPProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { ConsoleSpanExporter } from '@opentelemetry/sdk-trace-node';
import { loadEnv, TracingEnv } from '@platform/config';
import { exporterOf, startTracing } from './start-tracing.js';

const envOf = (source: Record<string, string>) => loadEnv(TracingEnv, source);

describe('startTracing', () => {
  afterAll(() => {
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it('registers no provider without OTEL_* variables: spans are the no-op API\'s and nothing is propagated', () => {
    const sut = startTracing('usage', envOf({}));

    const span = trace.getTracer('probe').startSpan('probe');
    const carrier: Record<string, string> = {};
    propagation.inject(trace.setSpan(context.active(), span), carrier);
    expect(sut).toBeUndefined();
    expect(span.isRecording()).toBe(false);
    expect(carrier).toEqual({});
  });

  it.each([
    [{}, undefined],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, undefined],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, OTLPProtobufTraceExporter],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, OTLPProtobufTraceExporter],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, OTLPProtobufTraceExporter],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }, OTLPJsonTraceExporter],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }, OTLPProtobufTraceExporter],
    [{ OTEL_TRACES_EXPORTER: 'console' }, ConsoleSpanExporter],
  ])('with %j exports to %p', (source, expected) => {
    const exporter = exporterOf(envOf(source));

    if (expected) expect(exporter).toBeInstanceOf(expected);
    else expect(exporter).toBeUndefined();
  });

  it('refuses a sampler the specification does not name', () => {
    expect(() => envOf({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow('Invalid environment variable OTEL_TRACES_SAMPLER');
  });

  it('refuses OTLP over gRPC, which it does not export', () => {
    expect(() => envOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow('Invalid environment variable OTEL_EXPORTER_OTLP_PROTOCOL');
  });

  it('registers a recording provider and the W3C propagator once an endpoint is set', async () => {
    const sut = startTracing('usage', envOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }));

    // Not ended, so nothing is exported to the closed port at shutdown.
    const span = trace.getTracer('probe').startSpan('probe');
    const carrier: Record<string, string> = {};
    propagation.inject(trace.setSpan(context.active(), span), carrier);
    expect(sut).toBeDefined();
    expect(span.isRecording()).toBe(true);
    expect(carrier.traceparent).toBe(`00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`);
    await sut!.shutdown();
  });
});
