import type { AiClient, ChatAnswer, ChatMessage } from './ai-client.js';
import type { MemoryEntry, MemoryStore } from './memory-store.js';
import type { MessageHistory } from './message-history.js';
import type { RuntimeConfig } from './runtime-config.js';
import type { ToolUsage } from './tool-usage.js';

export interface TurnResult {
  reply: { role: 'assistant'; content: string };
  model: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  recalled: number;
}

/** What the model is told of the skills installed on its agent, so it can offer them. */
export function installedSkillsNote(skills: readonly string[]): string {
  return `Skills installed on you, run by the platform at POST /api/skills/<skill>: ${skills.join(', ')}`;
}

/** One conversation turn: recall from memory (a tool), ask the AI layer, remember, keep the history. */
export class AgentBrain {
  readonly counters = { messagesReceived: 0, messagesAnswered: 0, aiErrors: 0 };

  constructor(
    private readonly config: RuntimeConfig,
    private readonly model: string,
    private readonly ai: AiClient,
    private readonly memory: MemoryStore,
    private readonly history: MessageHistory,
    private readonly tools: ToolUsage,
  ) {}

  async turn(message: string): Promise<TurnResult> {
    this.counters.messagesReceived += 1;
    const recalled = await this.tools.use('memory_recall', () => this.memory.recall(message, this.config.memoryRecall));
    const answer = await this.ask(message, recalled);
    await this.tools.use('memory_store', () => this.memory.remember(message));
    await this.history.append({ role: 'user', content: message }, { role: 'assistant', content: answer.content });
    this.counters.messagesAnswered += 1;
    return { reply: { role: 'assistant', content: answer.content }, model: answer.model, usage: answer.usage, recalled: recalled.length };
  }

  /**
   * The text of a reply to a bus message, through the same AI layer (billed and quota-checked as a
   * turn), with the conversation as context; the caller keeps what it sends in the history.
   */
  async compose(instruction: string): Promise<ChatAnswer> {
    return this.ask(instruction, []);
  }

  private async ask(message: string, recalled: MemoryEntry[]): Promise<ChatAnswer> {
    const context: ChatMessage[] = [
      { role: 'system', content: this.config.systemPrompt },
      ...(this.config.skills.length ? [{ role: 'system' as const, content: installedSkillsNote(this.config.skills) }] : []),
      ...(recalled.length ? [{ role: 'system' as const, content: `Things you remember:\n${recalled.map((entry) => `- ${entry.text}`).join('\n')}` }] : []),
      ...this.history.all().map(({ role, content }) => ({ role, content })),
      { role: 'user', content: message },
    ];
    try {
      return await this.ai.chat(context, this.model);
    } catch (error) {
      this.counters.aiErrors += 1;
      throw error;
    }
  }
}
