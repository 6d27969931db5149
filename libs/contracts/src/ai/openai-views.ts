/** OpenAI's chat-completion object, as the public gateway answers a non-streamed request. */
export interface ChatCompletionView {
  id: string;
  object: 'chat.completion';
  /** Unix seconds. */
  created: number;
  model: string;
  choices: Array<{
    index: number;
    message: { role: 'assistant'; content: string };
    finish_reason: 'stop' | 'length';
  }>;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export interface ModelView {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

export interface ModelListView {
  object: 'list';
  data: ModelView[];
}
