/**
 * Plan-based model access and monthly token quotas (platform-core section 8), as data.
 * label ⊂ solo ⊂ collective; collective adds the two larger models; network allows every model.
 */
export const AI_PLANS = ['label', 'solo', 'collective', 'network'] as const;
export type AiPlan = (typeof AI_PLANS)[number];

const LABEL_MODELS = ['openai/gpt-4o-mini', 'anthropic/claude-haiku-4-5', 'google/gemini-2.5-flash'];
const SOLO_MODELS = [...LABEL_MODELS, 'meta-llama/llama-3.3-70b-instruct', 'qwen/qwen-2.5-coder-32b-instruct'];
const COLLECTIVE_MODELS = [...SOLO_MODELS, 'anthropic/claude-sonnet-4-5', 'openai/gpt-4o'];

/** Models each plan may use; `all` is every catalogue model. */
export const PLAN_MODELS: Readonly<Record<AiPlan, readonly string[] | 'all'>> = {
  label: LABEL_MODELS,
  solo: SOLO_MODELS,
  collective: COLLECTIVE_MODELS,
  network: 'all',
};

/** Input plus output tokens per user per calendar month (UTC); null is unlimited. */
export const MONTHLY_TOKEN_QUOTA: Readonly<Record<AiPlan, number | null>> = {
  solo: 2_000_000,
  collective: 6_000_000,
  label: 20_000_000,
  network: null,
};

export function isAiPlan(value: string | undefined): value is AiPlan {
  return (AI_PLANS as readonly string[]).includes(value ?? '');
}
