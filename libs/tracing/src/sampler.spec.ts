import { rootRatioOf, samplerOf } from './sampler.js';

describe('the sampler OTEL_TRACES_SAMPLER names', () => {
  it.each([
    ['always_on', '', 1, 'AlwaysOnSampler'],
    ['always_off', '', 0, 'AlwaysOffSampler'],
    ['traceidratio', '0.25', 0.25, 'TraceIdRatioBased{0.25}'],
    ['traceidratio', '', 1, 'TraceIdRatioBased{1}'],
    ['parentbased_always_on', '', 1, 'ParentBased{root=AlwaysOnSampler'],
    ['parentbased_always_off', '', 0, 'ParentBased{root=AlwaysOffSampler'],
    ['parentbased_traceidratio', '0.1', 0.1, 'ParentBased{root=TraceIdRatioBased{0.1}'],
  ])('%s (argument %j) starts a recorded root in %p of requests, as %s', (name, arg, ratio, sampler) => {
    expect(rootRatioOf(name, arg)).toBe(ratio);
    expect(samplerOf(name, arg).toString()).toContain(`ChosenRootSampler{${sampler}`);
  });
});
