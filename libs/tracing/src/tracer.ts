import { context, isSpanContextValid, SpanStatusCode, trace, TraceFlags, type Context, type Span, type SpanOptions } from '@opentelemetry/api';

/**
 * The platform's one tracer. A proxy until a provider is registered (startTracing, or a test's own),
 * so modules take it at import time.
 */
export const tracer = trace.getTracer('@platform/tracing');

/**
 * A span for one hop inside a process (a NATS request, a job enqueued, an outbound call): the child
 * of `parent`'s span (the active one unless given), or, when that span is sampled out, that span itself. The sampler would drop the
 * child anyway (parent-based: its parent is dropped; by trace id ratio: the same trace id; always_off),
 * so a sampled-out request draws no ids and makes no span per hop, and its `traceparent` is carried
 * on unchanged, which is all the next process needs to drop it too. Its `end` is a no-op. The flag,
 * not isRecording: a sampled span already ended (work left after a reply) still gets its child.
 */
export function startHopSpan(name: string, options: SpanOptions, parent: Context = context.active()): Span {
  const current = trace.getSpan(parent);
  return current && sampledOut(current) ? current : tracer.startSpan(name, options, parent);
}

/** A span in a trace that is carried but not recorded (its `traceparent` flags 00). */
export function sampledOut(span: Span): boolean {
  const ids = span.spanContext();
  return isSpanContextValid(ids) && !(ids.traceFlags & TraceFlags.SAMPLED);
}

/**
 * Ends a span as failed: the error's type and message, not its stack (a span may leave the platform
 * for a collector that others read, and a stack names our files).
 */
export function endFailed(span: Span, error: unknown): void {
  if (!span.isRecording()) return span.end();
  const name = error instanceof Error ? error.constructor.name : typeof error;
  span.setAttribute('error.type', name);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  span.end();
}
