import { ProviderError, type ChatProtocol, type Completion, type CompletionRequest } from './chat-provider.js';

interface ChatCompletionBody {
  id?: string;
  choices?: { message?: { content?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

/** The chat-completions protocol: the aggregator and OpenAI speak it. */
export class OpenAiChatProtocol implements ChatProtocol {
  constructor(private readonly apiKey: string) {}

  request(request: CompletionRequest) {
    return {
      path: '/chat/completions',
      headers: { authorization: `Bearer ${this.apiKey}` },
      body: {
        model: request.model,
        messages: request.messages.map(({ role, content }) => ({ role, content })),
        max_tokens: request.maxTokens,
        temperature: request.temperature,
        top_p: request.topP,
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
}
