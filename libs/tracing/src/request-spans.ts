import { isSpanContextValid, SpanKind, SpanStatusCode, type Context, type Span } from '@opentelemetry/api';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';
import { requestRootSpan } from './root-sampling.js';
import { contextFrom } from './trace-context.js';
import { tracer } from './tracer.js';

/** What a server span needs of a request: Fastify's, or node's own. */
export interface TracedRequest {
  method?: string;
  headers: Record<string, string | string[] | undefined>;
}

const SERVER_SPAN = { kind: SpanKind.SERVER };

/**
 * Keyed by the request object, so nothing is added to Fastify's request shape (a property would
 * deoptimise it). A request's span is never made the active context: its handler hands it to the
 * calls it makes (requestSpanOf), so the gateway runs without a context manager (startTracing's
 * activeSpans). The span is kept for a request sampled out too: its context still tells the next
 * process so.
 */
const open = new WeakMap<object, Span>();

/**
 * Starts a request's server span: the child of the caller's `traceparent` when it sent one, else a
 * root if the request is chosen to be recorded (requestRootSpan). A span that neither records nor
 * carries a trace (tracing off) is not kept: the request costs one no-op span. Attributes are made
 * only for a span that records: the samplers decide on the trace alone.
 */
export function openRequestSpan(request: TracedRequest, route: string): void {
  const method = request.method ?? 'GET';
  const start = (parent: Context) => tracer.startSpan(`${method} ${route}`, SERVER_SPAN, parent);
  const span = request.headers.traceparent === undefined ? requestRootSpan(start) : start(contextFrom(request.headers));
  if (span.isRecording()) span.setAttributes({ [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_HTTP_ROUTE]: route });
  if (span.isRecording() || isSpanContextValid(span.spanContext())) open.set(request, span);
}

export function requestSpanOf(request: object): Span | undefined {
  return open.get(request);
}

/** Ends the request's span with the status it was answered with; a 5xx is the server's failure, a 4xx the caller's. */
export function closeRequestSpan(request: object, status: number): void {
  const span = open.get(request);
  if (!span) return;
  open.delete(request);
  span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}
