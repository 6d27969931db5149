import { featuresOf } from './plan-features.js';

describe('featuresOf', () => {
  it.each([
    ['label', 'models:3'],
    ['solo', 'models:5'],
    ['collective', 'models:7'],
    ['network', 'models:all'],
  ] as const)('gives %s the model count of section 8 (%s)', (plan, feature) => {
    expect(featuresOf(plan)).toContain(feature);
  });

  it('gives free nothing', () => {
    expect(featuresOf('free')).toEqual([]);
  });
});
