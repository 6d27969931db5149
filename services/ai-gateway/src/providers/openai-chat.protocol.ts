import { ProviderError, type ChatProtocol, type Completion, type CompletionRequest } from './chat-provider.js';
import { OpenAiStreamTranslator } from './openai-chat.stream.js';

interface ChatCompletionBody {
  id?: string;
  choices?: { message?: { content?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

/** OpenAI's reasoning models (o1, o3, o4-mini): sampling is fixed, and a temperature or top_p is refused. */
const REASONING_MODEL = /^o\d/;

/**
 * The chat-completions protocol: the aggregator and OpenAI speak it. OpenAI itself refuses
 * `max_tokens` for its reasoning models and takes `max_completion_tokens` for every model; the
 * aggregator takes `max_tokens` and adapts the parameters to the model it routes to.
 */
export class OpenAiChatProtocol implements ChatProtocol {
  constructor(private readonly vendor: 'aggregator' | 'openai') {}

  request(request: CompletionRequest, apiKey: string, stream = false) {
    const direct = this.vendor === 'openai';
    const fixedSampling = direct && REASONING_MODEL.test(request.model);
    return {
      path: '/chat/completions',
      headers: { authorization: `Bearer ${apiKey}` },
      body: {
        model: request.model,
        messages: request.messages.map(({ role, content }) => ({ role, content })),
        ...(direct ? { max_completion_tokens: request.maxTokens } : { max_tokens: request.maxTokens }),
        ...(fixedSampling ? {} : { temperature: request.temperature, top_p: request.topP }),
        // Without include_usage the protocol streams no token counts, and the bill would be an estimate.
        ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
      },
    };
  }

  parse(body: unknown): Completion {
    const answer = body as ChatCompletionBody;
    const content = answer.choices?.[0]?.message?.content;
    const { prompt_tokens: prompt, completion_tokens: completion } = answer.usage ?? {};
    if (typeof content !== 'string' || !Number.isInteger(prompt) || !Number.isInteger(completion)) {
      throw new ProviderError('chat completion without content or usage');
    }
    return { id: String(answer.id ?? ''), content, promptTokens: prompt as number, completionTokens: completion as number };
  }

  streamTranslator() {
    return new OpenAiStreamTranslator();
  }
}
