import {
  AGGREGATOR_PROVIDER, catalogueModel, DEFAULT_PROVIDER, FALLBACK_PROVIDERS, PROVIDER_MODELS, TASK_TIERS,
  type AiProvider, type TaskType,
} from '@platform/contracts';

export interface Attempt {
  model: string;
  provider: AiProvider;
}

export interface PlanOptions {
  model?: string;
  taskType?: TaskType;
  allowed: (modelId: string) => boolean;
}

const providerChain = (provider: AiProvider): Attempt[] =>
  [PROVIDER_MODELS[provider].primary, ...PROVIDER_MODELS[provider].fallbacks].map((model) => ({ model, provider }));

/** The provider's own models first, then the other providers of the fallback chain. */
function chainFrom(first: Attempt): Attempt[] {
  return [
    first,
    ...providerChain(first.provider),
    ...FALLBACK_PROVIDERS.filter((provider) => provider !== first.provider).flatMap(providerChain),
  ];
}

/**
 * The models a chat tries, in order (platform-core section 8, Model fallback). A chosen model
 * starts at its own provider; a task tier goes through the aggregator; everything is limited to
 * what `allowed` accepts, so a fallback never hands a plan a model it does not include.
 */
export function attemptPlan(options: PlanOptions): Attempt[] {
  const { model, taskType, allowed } = options;
  const general = () => chainFrom({ model: PROVIDER_MODELS[DEFAULT_PROVIDER].primary, provider: DEFAULT_PROVIDER });
  let candidates: Attempt[];
  if (model) {
    const entry = catalogueModel(model);
    candidates = entry ? chainFrom({ model, provider: entry.provider }) : [];
  } else if (taskType && taskType !== 'general') {
    const tier = TASK_TIERS[taskType].map((id) => ({ model: id, provider: AGGREGATOR_PROVIDER }));
    // A plan that includes none of the tier's models still gets an answer, from its general chain.
    candidates = tier.some((attempt) => allowed(attempt.model)) ? tier : general();
  } else {
    candidates = general();
  }
  return distinctAllowed(candidates, allowed);
}

/** A user's own key: the aggregator's serves every catalogue model, a vendor's only that vendor's (`<vendor>/...`). */
export function ownKeyServes(provider: AiProvider, modelId: string): boolean {
  return provider === AGGREGATOR_PROVIDER || modelId.startsWith(`${provider}/`);
}

/**
 * The models a chat with a user's own key tries, all at the key's provider: attemptPlan's choice
 * (a chosen model, a task tier, the general chain), then the key's provider's own models, keeping
 * those the key serves and the plan allows. A chosen model the key cannot serve gets nothing rather
 * than another vendor's model in its place. Nothing here ever goes out with the platform's key.
 */
export function ownKeyPlan(provider: AiProvider, options: PlanOptions): Attempt[] {
  if (options.model && !ownKeyServes(provider, options.model)) return [];
  const candidates = [...attemptPlan(options), ...providerChain(provider)]
    .filter((attempt) => ownKeyServes(provider, attempt.model))
    .map(({ model }) => ({ model, provider }));
  return distinctAllowed(candidates, options.allowed);
}

function distinctAllowed(candidates: Attempt[], allowed: PlanOptions['allowed']): Attempt[] {
  const seen = new Set<string>();
  return candidates.filter((attempt) => {
    if (!allowed(attempt.model) || seen.has(attempt.model)) return false;
    seen.add(attempt.model);
    return true;
  });
}
