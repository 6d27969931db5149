import { AnthropicStreamTranslator } from './anthropic-messages.stream.js';
import { ProviderError, type ChatProtocol, type Completion, type CompletionRequest } from './chat-provider.js';

interface MessagesBody {
  id?: string;
  content?: { type?: string; text?: unknown }[];
  usage?: { input_tokens?: unknown; output_tokens?: unknown };
}

/** The vendor's temperature range ends here; the chat body allows up to 2, as the chat-completions protocol does. */
const MAX_TEMPERATURE = 1;

/**
 * The vendor's newer models refuse temperature and top_p together, so only one is sent: the
 * temperature when a caller gave both, clamped to the vendor's range.
 */
function sampling(request: CompletionRequest): { temperature?: number; top_p?: number } {
  if (request.temperature !== undefined) return { temperature: Math.min(request.temperature, MAX_TEMPERATURE) };
  return request.topP === undefined ? {} : { top_p: request.topP };
}

/** The messages protocol: system prompts travel in `system`, not as a message. */
export class AnthropicMessagesProtocol implements ChatProtocol {
  constructor(private readonly version: string) {}

  request(request: CompletionRequest, apiKey: string, stream = false) {
    const system = request.messages.filter((message) => message.role === 'system').map((message) => message.content);
    return {
      path: '/v1/messages',
      headers: { 'x-api-key': apiKey, 'anthropic-version': this.version },
      body: {
        model: request.model,
        max_tokens: request.maxTokens,
        ...(system.length ? { system: system.join('\n\n') } : {}),
        messages: request.messages.filter((message) => message.role !== 'system').map(({ role, content }) => ({ role, content })),
        ...sampling(request),
        ...(stream ? { stream: true } : {}),
      },
    };
  }

  parse(body: unknown): Completion {
    const answer = body as MessagesBody;
    const texts = (answer.content ?? []).filter((part) => part.type === 'text' && typeof part.text === 'string');
    const { input_tokens: input, output_tokens: output } = answer.usage ?? {};
    if (!texts.length || !Number.isInteger(input) || !Number.isInteger(output)) {
      throw new ProviderError('message without text content or usage');
    }
    return { id: String(answer.id ?? ''), content: texts.map((part) => part.text).join(''), promptTokens: input as number, completionTokens: output as number };
  }

  streamTranslator() {
    return new AnthropicStreamTranslator();
  }
}
