import { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler, type Sampler } from '@opentelemetry/sdk-trace-node';
import { ChosenRootSampler } from './root-sampling.js';

/** A sampler OTEL_TRACES_SAMPLER names: how it is made, and the share of the traces a root starts that it records. */
interface NamedSampler {
  make(ratio: number): Sampler;
  rootRatio(ratio: number): number;
}

const PARENT_BASED_ALWAYS_ON: NamedSampler = { make: () => new ParentBasedSampler({ root: new AlwaysOnSampler() }), rootRatio: () => 1 };

const SAMPLERS: Record<string, NamedSampler> = {
  always_on: { make: () => new AlwaysOnSampler(), rootRatio: () => 1 },
  always_off: { make: () => new AlwaysOffSampler(), rootRatio: () => 0 },
  traceidratio: { make: (ratio) => new TraceIdRatioBasedSampler(ratio), rootRatio: (ratio) => ratio },
  parentbased_always_on: PARENT_BASED_ALWAYS_ON,
  parentbased_always_off: { make: () => new ParentBasedSampler({ root: new AlwaysOffSampler() }), rootRatio: () => 0 },
  parentbased_traceidratio: { make: (ratio) => new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) }), rootRatio: (ratio) => ratio },
};

/**
 * OTEL_TRACES_SAMPLER and its argument as the specification reads them, from the env class rather
 * than process.env (which the SDK would read): tests and the benchmark hand services an env of their own.
 * Wrapped so that a request the edge chose to record is recorded (root-sampling.ts).
 */
export function samplerOf(name: string, arg: string): Sampler {
  return new ChosenRootSampler(named(name).make(ratioOf(arg)));
}

/** The share of the traces a root starts that the sampler records (requestRootSpan's ratio). */
export function rootRatioOf(name: string, arg: string): number {
  return named(name).rootRatio(ratioOf(arg));
}

function named(name: string): NamedSampler {
  return SAMPLERS[name] ?? PARENT_BASED_ALWAYS_ON;
}

function ratioOf(arg: string): number {
  return arg === '' ? 1 : Number(arg);
}
