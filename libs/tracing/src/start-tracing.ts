import { ConsoleSpanExporter, NodeTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OTLPJsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OTLPProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { TracingEnv } from '@platform/config';
import { sampleRootsAt } from './root-sampling.js';
import { rootRatioOf, samplerOf } from './sampler.js';

/** A process's tracer provider, once registered: flushed and stopped when the process stops. */
export interface ProcessTracing {
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /**
   * False: no context manager, so no span is ever the active one, for a process that hands its spans
   * to the calls it makes (the gateway: request-spans.ts). Its AsyncLocalStorage is then never
   * enabled, not even by the SDK's own export (a context.with), and on Node 20 those hooks cost
   * every promise the process makes, sampled request or not.
   */
  activeSpans?: boolean;
}

let registered: ProcessTracing | undefined;

/**
 * Registers this process's tracer provider from the OTEL_* variables, or nothing when none names an
 * exporter or an endpoint: the API's no-op tracer then stands in at every seam, at the cost of a
 * function call. Once per process: tests boot several services in one, and the first (or the test's
 * own provider) holds the global.
 */
export function startTracing(service: string, env: TracingEnv, options: TracingOptions = {}): ProcessTracing | undefined {
  const exporter = exporterOf(env);
  if (!exporter || registered) return registered;
  const provider = new NodeTracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || service })),
    sampler: samplerOf(env.OTEL_TRACES_SAMPLER, env.OTEL_TRACES_SAMPLER_ARG),
    // Batched: a span's export never waits on a request's path.
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // W3C trace context only, not the default's baggage too: nothing here reads baggage, and its
  // propagator would look for it on every message. The default context manager (AsyncLocalStorage)
  // unless the process keeps no active span (null: none registered).
  provider.register({ propagator: new W3CTraceContextPropagator(), contextManager: options.activeSpans === false ? null : undefined });
  sampleRootsAt(rootRatioOf(env.OTEL_TRACES_SAMPLER, env.OTEL_TRACES_SAMPLER_ARG));
  registered = { shutdown: () => provider.shutdown() };
  return registered;
}

/** What the variables ask for; undefined: tracing off. */
export function exporterOf(env: TracingEnv): SpanExporter | undefined {
  const endpoint = tracesEndpoint(env);
  const kind = env.OTEL_TRACES_EXPORTER || (endpoint ? 'otlp' : 'none');
  if (kind === 'console') return new ConsoleSpanExporter();
  if (kind !== 'otlp') return undefined;
  const config = endpoint ? { url: endpoint } : {};
  return (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL) === 'http/json' ? new OTLPJsonTraceExporter(config) : new OTLPProtobufTraceExporter(config);
}

function tracesEndpoint(env: TracingEnv): string | undefined {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return undefined;
}
