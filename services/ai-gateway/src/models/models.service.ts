import { Injectable } from '@nestjs/common';
import {
  AI_MESSAGES as M, AI_PROVIDERS, ApiError, catalogueModel, costMicros, MODEL_CATALOGUE, ok, type AiHealthView, type AiModelView,
  type AiProvider, type CatalogueModel, type CostEstimateView, type EstimateCostDto, type ModelCatalogueView,
  type ProviderModelsView, type Reply, type SelectedModelView, type TaskType,
} from '@platform/contracts';
import { attemptPlan } from '../chat/attempt-plan.js';
import { ProviderRegistry } from '../providers/provider-registry.js';
import { modelView } from './model-view.js';

const isProvider = (value: string): value is AiProvider => (AI_PROVIDERS as readonly string[]).includes(value);

@Injectable()
export class ModelsService {
  constructor(private readonly providers: ProviderRegistry) {}

  /** healthy: every provider available; degraded: some; 503 when none can serve a chat. */
  health(): Reply<AiHealthView | { status: 'error'; error: string }> {
    const providers = this.providers.availability();
    const up = Object.values(providers).filter(Boolean).length;
    if (!up) return { status: 503, body: { status: 'error', error: M.noProviders } };
    return ok({ status: up === AI_PROVIDERS.length ? 'healthy' : 'degraded', providers, timestamp: new Date().toISOString() });
  }

  list(): ModelCatalogueView {
    const models = this.views(MODEL_CATALOGUE);
    const perProvider = Object.fromEntries(AI_PROVIDERS.map((provider) => [provider, models.filter((view) => view.provider === provider).length]));
    return { models, count: models.length, ...perProvider, timestamp: new Date().toISOString() };
  }

  listByProvider(provider: string): ProviderModelsView {
    if (!isProvider(provider)) throw new ApiError(404, M.unknownProvider);
    const models = this.views(MODEL_CATALOGUE.filter((entry) => entry.provider === provider));
    return { provider, models, count: models.length, timestamp: new Date().toISOString() };
  }

  /** The model a chat of this task type would try first right now. */
  select(taskType: TaskType): SelectedModelView {
    const first = attemptPlan({ taskType, allowed: () => true }).find((attempt) => this.providers.isAvailable(attempt.provider));
    if (!first) throw new ApiError(404, M.noModels);
    return { model: { id: first.model, provider: first.provider }, taskType, timestamp: new Date().toISOString() };
  }

  estimate(dto: EstimateCostDto): CostEstimateView {
    if (!catalogueModel(dto.model)) throw new ApiError(400, M.unknownModel);
    return {
      model: dto.model,
      inputTokens: dto.inputTokens,
      outputTokens: dto.outputTokens,
      estimatedCost: costMicros(dto.model, dto.inputTokens, dto.outputTokens) / 1_000_000,
      currency: 'USD',
      timestamp: new Date().toISOString(),
    };
  }

  private views(entries: readonly CatalogueModel[]): AiModelView[] {
    return entries.map((entry) => modelView(entry, this.providers.isAvailable(entry.provider)));
  }
}
