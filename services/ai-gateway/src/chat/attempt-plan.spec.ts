import { attemptPlan, ownKeyPlan, ownKeyServes } from './attempt-plan.js';
import { isModelAllowed } from '../access/plan-policy.js';

const all = () => true;
const ids = (attempts: { model: string; provider: string }[]) => attempts.map((attempt) => `${attempt.model}@${attempt.provider}`);

describe('attemptPlan', () => {
  it('starts a chosen model at its own provider, then that provider, then the fallback providers', () => {
    expect(ids(attemptPlan({ model: 'anthropic/claude-sonnet-4-5', allowed: all }))).toEqual([
      'anthropic/claude-sonnet-4-5@anthropic',
      'anthropic/claude-haiku-4-5@anthropic',
      'meta-llama/llama-3.3-70b-instruct@openrouter',
      'google/gemini-2.5-flash@openrouter',
      'mistralai/mistral-large@openrouter',
    ]);
  });

  it('never falls back to OpenAI, the provider kept out of the chain', () => {
    const plan = attemptPlan({ model: 'google/gemini-2.5-pro', allowed: all });
    expect(plan[0]).toEqual({ model: 'google/gemini-2.5-pro', provider: 'openrouter' });
    expect(plan.some((attempt) => attempt.provider === 'openai')).toBe(false);
  });

  it('still serves an OpenAI model a caller chose, on OpenAI first', () => {
    expect(ids(attemptPlan({ model: 'openai/gpt-4o', allowed: all })).slice(0, 2)).toEqual(['openai/gpt-4o@openai', 'openai/gpt-4o-mini@openai']);
  });

  it.each([
    ['reasoning', ['anthropic/claude-opus-4-6', 'openai/o3', 'deepseek/deepseek-r1']],
    ['coding', ['anthropic/claude-sonnet-4-5', 'qwen/qwen-2.5-coder-32b-instruct', 'google/gemini-2.5-pro']],
    ['fast', ['google/gemini-2.5-flash', 'openai/gpt-4o-mini', 'anthropic/claude-haiku-4-5']],
    ['creative', ['openai/gpt-4o', 'mistralai/mistral-large', 'meta-llama/llama-3.3-70b-instruct']],
  ] as const)('routes the %s tier through the aggregator, primary then two fallbacks', (taskType, models) => {
    expect(attemptPlan({ taskType, allowed: all })).toEqual(models.map((model) => ({ model, provider: 'openrouter' })));
  });

  it('starts a general request at the default provider', () => {
    expect(attemptPlan({ taskType: 'general', allowed: all })[0]).toEqual({ model: 'meta-llama/llama-3.3-70b-instruct', provider: 'openrouter' });
  });

  it('keeps only models the plan allows', () => {
    expect(ids(attemptPlan({ taskType: 'fast', allowed: (id) => isModelAllowed('label', id) }))).toEqual([
      'google/gemini-2.5-flash@openrouter', 'openai/gpt-4o-mini@openrouter', 'anthropic/claude-haiku-4-5@openrouter',
    ]);
  });

  it('falls back to the general chain when a plan has none of the tier', () => {
    expect(ids(attemptPlan({ taskType: 'reasoning', allowed: (id) => isModelAllowed('label', id) }))).toEqual([
      'google/gemini-2.5-flash@openrouter', 'anthropic/claude-haiku-4-5@anthropic',
    ]);
  });

  it('has nothing for a model missing from the catalogue', () => {
    expect(attemptPlan({ model: 'acme/unknown', allowed: all })).toEqual([]);
  });
});

describe('ownKeyPlan', () => {
  const label = (id: string) => isModelAllowed('label', id);

  it('sends every model of the usual plan to the aggregator with an aggregator key', () => {
    expect(ids(ownKeyPlan('openrouter', { model: 'anthropic/claude-sonnet-4-5', allowed: all }))).toEqual([
      'anthropic/claude-sonnet-4-5@openrouter',
      'anthropic/claude-haiku-4-5@openrouter',
      'meta-llama/llama-3.3-70b-instruct@openrouter',
      'google/gemini-2.5-flash@openrouter',
      'mistralai/mistral-large@openrouter',
    ]);
  });

  it('keeps a direct vendor key to its own models: a chosen one, then the vendor\'s chain', () => {
    expect(ids(ownKeyPlan('anthropic', { model: 'anthropic/claude-opus-4-6', allowed: all }))).toEqual([
      'anthropic/claude-opus-4-6@anthropic', 'anthropic/claude-sonnet-4-5@anthropic', 'anthropic/claude-haiku-4-5@anthropic',
    ]);
  });

  it('picks within the vendor when no model is given: the tier\'s models of that vendor first', () => {
    expect(ids(ownKeyPlan('openai', { taskType: 'fast', allowed: all }))).toEqual([
      'openai/gpt-4o-mini@openai', 'openai/gpt-4o@openai',
    ]);
  });

  it('falls back to the vendor\'s own chain when the general chain has none of its models', () => {
    expect(ids(ownKeyPlan('openai', { allowed: all }))).toEqual(['openai/gpt-4o@openai', 'openai/gpt-4o-mini@openai']);
  });

  it('still keeps to what the plan allows', () => {
    expect(ids(ownKeyPlan('anthropic', { taskType: 'coding', allowed: label }))).toEqual(['anthropic/claude-haiku-4-5@anthropic']);
    expect(ids(ownKeyPlan('openrouter', { taskType: 'fast', allowed: label }))).toEqual([
      'google/gemini-2.5-flash@openrouter', 'openai/gpt-4o-mini@openrouter', 'anthropic/claude-haiku-4-5@openrouter',
    ]);
  });

  it('has nothing for a model the key cannot serve', () => {
    expect(ownKeyPlan('anthropic', { model: 'openai/gpt-4o', allowed: all })).toEqual([]);
  });
});

describe('ownKeyServes', () => {
  it.each([
    ['openrouter', 'openai/gpt-4o', true],
    ['openrouter', 'google/gemini-2.5-pro', true],
    ['anthropic', 'anthropic/claude-haiku-4-5', true],
    ['anthropic', 'openai/gpt-4o', false],
    ['openai', 'openai/o3', true],
    ['openai', 'meta-llama/llama-3.3-70b-instruct', false],
  ] as const)('%s key serves %s: %s', (provider, model, served) => {
    expect(ownKeyServes(provider, model)).toBe(served);
  });
});
