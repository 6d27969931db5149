import { context, isSpanContextValid, propagation, ROOT_CONTEXT, trace, type Context, type Span, type TextMapGetter } from '@opentelemetry/api';
import { SAMPLED_OUT_CARRIER, SAMPLED_OUT_TRACE_ID } from './root-sampling.js';

/** W3C trace context as it crosses a process: `traceparent`, and `tracestate` when a vendor set one. */
export type TraceCarrier = Readonly<Record<string, string>>;

/**
 * The carrier that makes `span` the parent on the other side, or undefined when there is nothing to
 * carry, so an untraced message or job stays as it was. Nothing is built for no span or the no-op
 * span of tracing off; a span sampled out still carries its context, so the next process drops it too
 * (the edge's one sampled-out trace as a carrier built once).
 */
export function carrierOf(span: Span | undefined): TraceCarrier | undefined {
  if (!span) return undefined;
  const ids = span.spanContext();
  if (ids.traceId === SAMPLED_OUT_TRACE_ID) return SAMPLED_OUT_CARRIER;
  if (!isSpanContextValid(ids)) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** The context a received carrier names, to start the receiving span under; the root when it names none. */
export function contextFrom<Carrier>(carrier: Carrier | undefined, getter?: TextMapGetter<Carrier>): Context {
  return carrier === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, carrier, getter);
}

/** Runs `work` with `span` active, so what it starts (requests, jobs, log lines) is the span's. */
export function withSpan<T>(span: Span, parent: Context, work: () => T): T {
  return context.with(trace.setSpan(parent, span), work);
}
