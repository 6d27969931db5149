import type { AiModelView, CatalogueModel } from '@platform/contracts';

export function modelView(entry: CatalogueModel, available: boolean): AiModelView {
  return {
    id: entry.id,
    name: entry.name,
    provider: entry.provider,
    description: entry.description,
    tags: [...entry.tags],
    inputCost: entry.inputMicrosPerMTok / 1_000_000,
    outputCost: entry.outputMicrosPerMTok / 1_000_000,
    contextWindow: entry.contextWindow,
    available,
  };
}
