import { SpanStatusCode, trace, type Span } from '@opentelemetry/api';

/**
 * The platform's one tracer. A proxy until a provider is registered (startTracing, or a test's own),
 * so modules take it at import time.
 */
export const tracer = trace.getTracer('@platform/tracing');

/**
 * Ends a span as failed: the error's type and message, not its stack (a span may leave the platform
 * for a collector that others read, and a stack names our files).
 */
export function endFailed(span: Span, error: unknown): void {
  const name = error instanceof Error ? error.constructor.name : typeof error;
  span.setAttribute('error.type', name);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  span.end();
}
