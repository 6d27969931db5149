import { Injectable, Logger } from '@nestjs/common';
import {
  AGGREGATOR_PROVIDER, AI_MESSAGES as M, ApiError, catalogueModel, DEMO_AGENT_ID, DEMO_MAX_TOKENS, DEMO_MODELS, DEMO_USER_ID,
  ROUTES, SUBJECTS, type DemoChatDto, type DemoChatView, type DemoModelsView,
} from '@platform/contracts';
import { ProviderRegistry } from '../providers/provider-registry.js';
import { UsageRecorder } from '../usage/usage-recorder.js';
import { demoMessages } from './demo-conversation.js';

const DEMO_ENDPOINT = ROUTES.find((route) => route.subject === SUBJECTS.ai.demoChat)!.path;

/** The public demo chat (platform-core 4.9): six models through the aggregator, one attempt, no streaming. */
@Injectable()
export class DemoService {
  private readonly logger = new Logger(DemoService.name);

  constructor(private readonly providers: ProviderRegistry, private readonly usage: UsageRecorder) {}

  models(): DemoModelsView {
    return {
      models: DEMO_MODELS.map((id) => {
        const entry = catalogueModel(id)!;
        return { id, name: entry.name, provider: entry.provider };
      }),
      mode: 'demo',
      message: 'Try the platform\'s models without an account: send a message to POST this path.',
    };
  }

  async chat(dto: DemoChatDto): Promise<DemoChatView> {
    const model = dto.model ?? DEMO_MODELS[0]!;
    if (!DEMO_MODELS.includes(model)) throw new ApiError(400, M.demoInvalidModel);
    if (!this.providers.isConfigured(AGGREGATOR_PROVIDER)) throw new ApiError(503, M.demoNotConfigured);
    let completion;
    const startedAt = performance.now();
    try {
      completion = await this.providers.complete(AGGREGATOR_PROVIDER, model, {
        messages: demoMessages(dto.conversation, dto.message),
        maxTokens: DEMO_MAX_TOKENS,
      });
    } catch (error) {
      this.logger.warn(`demo chat on ${model} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new ApiError(500, M.demoFailed);
    }
    this.usage.record({
      userId: DEMO_USER_ID,
      agentId: DEMO_AGENT_ID,
      model,
      provider: AGGREGATOR_PROVIDER,
      inputTokens: completion.promptTokens,
      outputTokens: completion.completionTokens,
      endpoint: DEMO_ENDPOINT,
      durationMs: Math.round(performance.now() - startedAt),
    });
    return {
      id: completion.id,
      model,
      message: completion.content,
      usage: {
        prompt_tokens: completion.promptTokens,
        completion_tokens: completion.completionTokens,
        total_tokens: completion.promptTokens + completion.completionTokens,
      },
      done: true,
    };
  }
}
