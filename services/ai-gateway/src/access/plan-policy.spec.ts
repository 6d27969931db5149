import { MODEL_CATALOGUE, PLAN_MODELS } from '@platform/contracts';
import { allowedModels, isModelAllowed } from './plan-policy.js';

describe('plan model access', () => {
  it('has 3, 5 and 7 models for label, solo and collective, each set inside the next', () => {
    const [label, solo, collective] = (['label', 'solo', 'collective'] as const).map(allowedModels);
    expect([label!.length, solo!.length, collective!.length]).toEqual([3, 5, 7]);
    expect(solo).toEqual(expect.arrayContaining(label!));
    expect(collective).toEqual(expect.arrayContaining(solo!));
  });

  it('adds two larger models in collective', () => {
    const added = allowedModels('collective').filter((id) => !allowedModels('solo').includes(id));
    expect(added.map((id) => MODEL_CATALOGUE.find((entry) => entry.id === id)?.tags.includes('large'))).toEqual([true, true]);
  });

  it('allows every catalogue model on network', () => {
    expect(allowedModels('network')).toEqual(MODEL_CATALOGUE.map((entry) => entry.id));
    expect(isModelAllowed('network', 'anthropic/claude-opus-4-6')).toBe(true);
  });

  it('names only catalogue models', () => {
    const ids = MODEL_CATALOGUE.map((entry) => entry.id);
    for (const models of Object.values(PLAN_MODELS)) if (models !== 'all') expect(ids).toEqual(expect.arrayContaining([...models]));
  });

  it('refuses a model outside the plan', () => {
    expect(isModelAllowed('label', 'openai/gpt-4o')).toBe(false);
  });
});
