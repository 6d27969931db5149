import { context, isSpanContextValid, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';
import { contextFrom } from './trace-context.js';
import { tracer } from './tracer.js';

/** What a server span needs of a request: Fastify's, or node's own. */
export interface TracedRequest {
  method?: string;
  headers: Record<string, string | string[] | undefined>;
}

interface Open {
  span: Span;
  context: Context;
}

const SERVER_SPAN = { kind: SpanKind.SERVER };

/** Keyed by the request object, so nothing is added to Fastify's request shape (a property would deoptimise it). */
const open = new WeakMap<object, Open>();

/**
 * Starts a request's server span, the child of the caller's `traceparent` when it sent one. Nothing
 * is kept for a span that neither records nor carries a caller's trace: tracing is off, and the
 * request costs one no-op span. Attributes are made only for a span that records: the samplers
 * decide on the trace alone.
 */
export function openRequestSpan(request: TracedRequest, route: string): void {
  const method = request.method ?? 'GET';
  const parent = contextFrom(request.headers);
  const span = tracer.startSpan(`${method} ${route}`, SERVER_SPAN, parent);
  if (span.isRecording()) span.setAttributes({ [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_HTTP_ROUTE]: route });
  if (span.isRecording() || isSpanContextValid(span.spanContext())) open.set(request, { span, context: trace.setSpan(parent, span) });
}

/**
 * Runs the request's work with its span active. Done in the handler rather than the hook that opened
 * the span: Fastify reads the body between the two, in the stream's callbacks, which lose the context.
 */
export function inRequestSpan<T>(request: object, work: () => T): T {
  const entry = open.get(request);
  return entry ? context.with(entry.context, work) : work();
}

export function requestSpanOf(request: object): Span | undefined {
  return open.get(request)?.span;
}

/** Ends the request's span with the status it was answered with; a 5xx is the server's failure, a 4xx the caller's. */
export function closeRequestSpan(request: object, status: number): void {
  const entry = open.get(request);
  if (!entry) return;
  open.delete(request);
  entry.span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
  if (status >= 500) entry.span.setStatus({ code: SpanStatusCode.ERROR });
  entry.span.end();
}
