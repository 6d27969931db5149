import { AI_HEADERS, ERROR_CODES, PROVISION_MODEL_IDS, ROUTES, SUBJECTS, type ProvisionModel } from '@platform/contracts';
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

/** The AI layer's chat route on the backend surface (platform-core 4.8). */
const AI_CHAT_PATH = ROUTES.find((route) => route.subject === SUBJECTS.ai.chat)!.path;

/**
 * The agent's only way to a model: the platform's AI layer (POST /api/ai/chat on the backend),
 * which enforces plan, quota and billing for the agent's owner.
 */
export class AiClient {
  private readonly http: OutboundHttp;

  constructor(private readonly env: RuntimeEnv) {
    this.http = new OutboundHttp('ai-layer', { timeoutMs: env.AI_TIMEOUT_MS });
  }

  /**
   * Asks for the agent's model; when the owner's plan does not include it (403 MODEL_RESTRICTED),
   * asks again without one so the AI layer picks a model the plan allows.
   */
  async chat(messages: ChatMessage[], agentModel: string): Promise<ChatAnswer> {
    const preferred = PROVISION_MODEL_IDS[agentModel as ProvisionModel];
    const first = await this.request(messages, preferred);
    const answer = preferred && first.status === 403 && first.body.code === ERROR_CODES.modelRestricted
      ? await this.request(messages, undefined)
      : first;
    // 404: the AI layer is not deployed (yet); a refusal (402, 403, 429, 400) is the owner's to see as is.
    if (answer.status === 404) throw new RuntimeError(503, AI_UNAVAILABLE);
    if (answer.status >= 400) throw new RuntimeError(answer.status, String(answer.body.error ?? AI_UNAVAILABLE));
    const { body } = answer;
    return { model: String(body.model), content: String(body.message?.content ?? ''), usage: body.usage };
  }

  private async request(messages: ChatMessage[], model: string | undefined): Promise<{ status: number; body: Record<string, any> }> {
    if (!this.env.BACKEND_URL) throw new RuntimeError(503, AI_UNAVAILABLE);
    let response: Response;
    try {
      response = await this.http.fetch(`${this.env.BACKEND_URL}${AI_CHAT_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${this.env.INTERNAL_API_KEY}`,
          'x-user-id': this.env.AGENT_USER_ID,
          [AI_HEADERS.plan]: this.env.AGENT_PLAN,
          [AI_HEADERS.subscription]: this.env.BILLING_SUBSCRIPTION_ID,
          [AI_HEADERS.agent]: this.env.AGENT_ID,
        },
        body: JSON.stringify({ messages, model }),
      });
    } catch {
      throw new RuntimeError(503, AI_UNAVAILABLE);
    }
    return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, any> };
  }

  shutdown(): void {
    this.http.shutdown();
  }
}
