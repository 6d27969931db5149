import { ROOT_CONTEXT, SamplingDecision, SpanKind, trace, TraceFlags, type Context } from '@opentelemetry/api';
import { AlwaysOffSampler, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace-node';
import { ChosenRootSampler, requestRootSpan, SAMPLED_OUT_CARRIER, SAMPLED_OUT_TRACE_ID, sampleRootsAt } from './root-sampling.js';
import { carrierOf } from './trace-context.js';

/** A request span's start as the edge passes it: records the context it was asked under. */
function recordingStart() {
  const parents: Context[] = [];
  const start = (parent: Context) => {
    parents.push(parent);
    return trace.wrapSpanContext({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: TraceFlags.SAMPLED });
  };
  return { parents, start };
}

const sample = (sampler: { shouldSample: ChosenRootSampler['shouldSample'] }, parent: Context, traceId = '0af7651916cd43dd8448eb211c80319c') =>
  sampler.shouldSample(parent, traceId, 'GET /api/keys', SpanKind.SERVER, {}, []).decision;

describe('requestRootSpan', () => {
  afterEach(() => sampleRootsAt(1));

  it('leaves every root to the registered sampler until a ratio is set', () => {
    const { parents, start } = recordingStart();

    requestRootSpan(start);

    expect(parents).toEqual([ROOT_CONTEXT]);
  });

  it('starts no span for a request sampled out, and carries it as the one sampled-out trace', () => {
    sampleRootsAt(0);
    const { parents, start } = recordingStart();

    const span = requestRootSpan(start);

    expect(parents).toEqual([]);
    expect(span.isRecording()).toBe(false);
    expect(span.spanContext().traceFlags).toBe(TraceFlags.NONE);
    expect(carrierOf(span)).toBe(SAMPLED_OUT_CARRIER);
    expect(SAMPLED_OUT_CARRIER.traceparent).toBe(`00-${SAMPLED_OUT_TRACE_ID}-ffffffffffffffff-00`);
  });

  it('chooses about the ratio of requests', () => {
    sampleRootsAt(0.25);
    const { parents, start } = recordingStart();

    for (let index = 0; index < 4000; index += 1) requestRootSpan(start);

    expect(parents.length).toBeGreaterThan(800);
    expect(parents.length).toBeLessThan(1200);
  });

  it('asks for a chosen root a context the sampler records, though its own ratio would drop the trace', () => {
    sampleRootsAt(0.5);
    const { parents, start } = recordingStart();
    const sampler = new ChosenRootSampler(new AlwaysOffSampler());

    while (parents.length === 0) requestRootSpan(start);

    expect(sample(sampler, parents[0])).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(sample(sampler, ROOT_CONTEXT)).toBe(SamplingDecision.NOT_RECORD);
  });
});

describe('the sampled-out trace', () => {
  it('is dropped by a trace id ratio sampler at any ratio under 1, as a parent-based one drops it by its flags', () => {
    expect(sample(new TraceIdRatioBasedSampler(0.999999), ROOT_CONTEXT, SAMPLED_OUT_TRACE_ID)).toBe(SamplingDecision.NOT_RECORD);
    expect(sample(new TraceIdRatioBasedSampler(0.999999), ROOT_CONTEXT)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });
});
