import { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler, type Sampler } from '@opentelemetry/sdk-trace-node';

/**
 * OTEL_TRACES_SAMPLER and its argument as the specification reads them, from the env class rather
 * than process.env (which the SDK would read): tests and the benchmark hand services an env of their own.
 */
export function samplerOf(name: string, arg: string): Sampler {
  const ratio = arg === '' ? 1 : Number(arg);
  switch (name) {
    case 'always_on': return new AlwaysOnSampler();
    case 'always_off': return new AlwaysOffSampler();
    case 'traceidratio': return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off': return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio': return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default: return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}
