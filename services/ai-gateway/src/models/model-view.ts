import type { AiProvider, CatalogueModel } from '@platform/contracts';

/** The AI model of platform-core section 2; costs in USD per million tokens. */
export interface ModelView {
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

export function modelView(entry: CatalogueModel, available: boolean): ModelView {
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
