import { createContextKey, ROOT_CONTEXT, SamplingDecision, trace, TraceFlags, type Attributes, type Context, type Link, type Span, type SpanKind } from '@opentelemetry/api';
import type { Sampler, SamplingResult } from '@opentelemetry/sdk-trace-node';

/** Set on the root context of a request the edge chose to record (requestRoot). */
const CHOSEN = createContextKey('@platform/tracing chosen root');
const CHOSEN_ROOT = ROOT_CONTEXT.setValue(CHOSEN, true);

/**
 * The one trace every request sampled out at the edge is carried as. Its four 32-bit words XOR to
 * 0xffffffff, which a trace id ratio sampler records only at ratio 1 (where no request is sampled
 * out): a process that samples by trace id drops it as a parent-based one does by its flags.
 */
export const SAMPLED_OUT_TRACE_ID = 'ffffffff000000000000000000000000';
const SAMPLED_OUT_SPAN = trace.wrapSpanContext({ traceId: SAMPLED_OUT_TRACE_ID, spanId: 'ffffffffffffffff', traceFlags: TraceFlags.NONE, isRemote: false });
/** Its `traceparent`, built once. */
export const SAMPLED_OUT_CARRIER: Readonly<Record<string, string>> = Object.freeze({ traceparent: `00-${SAMPLED_OUT_TRACE_ID}-ffffffffffffffff-00` });

/**
 * The share of requests that start a recorded trace, as the registered sampler reads
 * OTEL_TRACES_SAMPLER (startTracing). 1 until a ratio is set: the registered provider's sampler (a
 * test's own, or none while tracing is off) then decides every root itself.
 */
let rootRatio = 1;

export function sampleRootsAt(ratio: number): void {
  rootRatio = ratio;
}

/**
 * A request that arrived without a caller's trace: its span, chosen here before the SDK is asked, so
 * a request sampled out draws no ids, makes no span and builds no `traceparent`. It is carried as the
 * one sampled-out trace, which every process after it drops by its flags (startHopSpan hands it on
 * as it is). One chosen is recorded by ChosenRootSampler, so the ratio is not applied twice.
 */
export function requestRootSpan(start: (parent: Context) => Span): Span {
  if (rootRatio >= 1) return start(ROOT_CONTEXT);
  return Math.random() < rootRatio ? start(CHOSEN_ROOT) : SAMPLED_OUT_SPAN;
}

/** The sampler OTEL_TRACES_SAMPLER names, that records a root requestRootSpan chose. */
export class ChosenRootSampler implements Sampler {
  constructor(private readonly configured: Sampler) {}

  shouldSample(context: Context, traceId: string, name: string, kind: SpanKind, attributes: Attributes, links: Link[]): SamplingResult {
    if (context.getValue(CHOSEN) === true) return { decision: SamplingDecision.RECORD_AND_SAMPLED };
    return this.configured.shouldSample(context, traceId, name, kind, attributes, links);
  }

  toString(): string {
    return `ChosenRootSampler{${this.configured.toString()}}`;
  }
}
