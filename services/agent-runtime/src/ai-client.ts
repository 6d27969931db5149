import { AI_CHAT_PATH } from '@platform/contracts';
import { OutboundHttp } from '@platform/http';
import { RuntimeError } from './runtime-error.js';
import type { RuntimeEnv } from './runtime.env.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatAnswer {
  model: string;
  content: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export const AI_UNAVAILABLE = 'AI layer unavailable';

/**
 * The agent's only way to a model: the platform's AI layer (POST /api/ai/chat on the backend),
 * which enforces plan, quota and billing for the agent's owner.
 */
export class AiClient {
  private readonly http: OutboundHttp;

  constructor(private readonly env: RuntimeEnv) {
    this.http = new OutboundHttp('ai-layer', { timeoutMs: env.AI_TIMEOUT_MS });
  }

  async chat(messages: ChatMessage[], model: string): Promise<ChatAnswer> {
    if (!this.env.BACKEND_URL) throw new RuntimeError(503, AI_UNAVAILABLE);
    let response: Response;
    try {
      response = await this.http.fetch(`${this.env.BACKEND_URL}${AI_CHAT_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${this.env.INTERNAL_API_KEY}`,
          'x-user-id': this.env.AGENT_USER_ID,
          'x-user-plan': this.env.AGENT_PLAN,
          'x-billing-subscription-id': this.env.BILLING_SUBSCRIPTION_ID,
          'x-agent-id': this.env.AGENT_ID,
        },
        body: JSON.stringify({ messages, model }),
      });
    } catch {
      throw new RuntimeError(503, AI_UNAVAILABLE);
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, any>;
    // 404: the AI layer is not deployed (yet); a refusal (402, 403, 429, 400) is the owner's to see as is.
    if (response.status === 404) throw new RuntimeError(503, AI_UNAVAILABLE);
    if (!response.ok) throw new RuntimeError(response.status, String(body.error ?? AI_UNAVAILABLE));
    return { model: String(body.model ?? model), content: String(body.message?.content ?? ''), usage: body.usage };
  }

  shutdown(): void {
    this.http.shutdown();
  }
}
