import { INVALID_SPAN_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { traceFields } from './pino-logger.js';

describe('traceFields', () => {
  it('names the trace and span of a span, for the log line written under it', () => {
    const span = trace.wrapSpanContext({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: TraceFlags.SAMPLED });

    expect(traceFields(span)).toEqual({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331' });
  });

  it.each([
    ['no span (tracing off)', undefined],
    ['the no-op API\'s invalid span', trace.wrapSpanContext(INVALID_SPAN_CONTEXT)],
    ['a span sampled out', trace.wrapSpanContext({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: TraceFlags.NONE })],
  ])('adds nothing for %s', (_case, span) => {
    expect(traceFields(span)).toEqual({});
  });
});
