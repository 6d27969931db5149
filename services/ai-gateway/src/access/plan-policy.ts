import { MODEL_CATALOGUE, PLAN_MODELS, type AiPlan } from '@platform/contracts';

export function allowedModels(plan: AiPlan): string[] {
  const models = PLAN_MODELS[plan];
  return models === 'all' ? MODEL_CATALOGUE.map((entry) => entry.id) : [...models];
}

export function isModelAllowed(plan: AiPlan, modelId: string): boolean {
  const models = PLAN_MODELS[plan];
  return models === 'all' || models.includes(modelId);
}
