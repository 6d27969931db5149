import type { AiProvider } from './model-catalogue.js';

/** The AI model of platform-core section 2; costs in USD per million tokens. */
export interface AiModelView {
  id: string;
  name: string;
  provider: AiProvider;
  description: string;
  tags: string[];
  inputCost: number;
  outputCost: number;
  contextWindow: number;
  available: boolean;
}

/** POST /api/chat and /api/ai/chat, not streamed: the answer of the model that served. */
export interface ChatReply {
  id: string;
  model: string;
  provider: string;
  message: { role: 'assistant'; content: string };
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  timestamp: string;
}

/** GET /api/ai/models: every model, with a count per provider (one field each) beside the total. */
export interface ModelCatalogueView {
  models: AiModelView[];
  count: number;
  timestamp: string;
  [provider: string]: AiModelView[] | number | string;
}

/** GET /api/ai/models/:provider. */
export interface ProviderModelsView {
  provider: string;
  models: AiModelView[];
  count: number;
  timestamp: string;
}

/** POST /api/ai/models/select: the model a chat of this task type would try first now. */
export interface SelectedModelView {
  model: { id: string; provider: string };
  taskType: string;
  timestamp: string;
}

/** POST /api/ai/estimate-cost: dollars. */
export interface CostEstimateView {
  model: string;
  inputTokens: number;
  outputTokens: number;
  estimatedCost: number;
  currency: 'USD';
  timestamp: string;
}

/** GET /api/ai/health. */
export interface AiHealthView {
  status: 'healthy' | 'degraded';
  providers: Record<string, boolean>;
  timestamp: string;
}

/** GET /api/demo/chat: the models anyone may try. */
export interface DemoModelsView {
  models: Array<{ id: string; name: string; provider: string }>;
  mode: 'demo';
  message: string;
}

/** POST /api/demo/chat. */
export interface DemoChatView {
  id: string;
  model: string;
  message: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  done: true;
}
