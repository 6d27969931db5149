import { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler, type Sampler } from '@opentelemetry/sdk-trace-node';
import { ChosenRootSampler } from './root-sampling.js';

/**
 * OTEL_TRACES_SAMPLER and its argument as the specification reads them, from the env class rather
 * than process.env (which the SDK would read): tests and the benchmark hand services an env of their own.
 * Wrapped so that a request the edge chose to record is recorded (root-sampling.ts).
 */
export function samplerOf(name: string, arg: string): Sampler {
  return new ChosenRootSampler(configuredSampler(name, ratioOf(arg)));
}

/** The share of traces a root starts that the sampler records. */
export function rootRatioOf(name: string, arg: string): number {
  switch (name) {
    case 'always_off':
    case 'parentbased_always_off': return 0;
    case 'traceidratio':
    case 'parentbased_traceidratio': return ratioOf(arg);
    default: return 1;
  }
}

function ratioOf(arg: string): number {
  return arg === '' ? 1 : Number(arg);
}

function configuredSampler(name: string, ratio: number): Sampler {
  switch (name) {
    case 'always_on': return new AlwaysOnSampler();
    case 'always_off': return new AlwaysOffSampler();
    case 'traceidratio': return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off': return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio': return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default: return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}
