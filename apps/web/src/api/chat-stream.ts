import { request } from './api-client.js';
import { SseParser } from './sse-parser.js';

export interface ChatMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

/** The text a chat-completions chunk adds, or an error the stream ended with. */
export function readChunk(data: string): { text?: string; error?: string } {
  const chunk = JSON.parse(data) as { choices?: { delta?: { content?: string } }[]; error?: { message?: string } };
  if (chunk.error) return { error: chunk.error.message ?? 'The answer broke off.' };
  return { text: chunk.choices?.[0]?.delta?.content ?? '' };
}

/**
 * POST /api/chat with stream: true. The gateway relays the answer as chat-completions chunks in
 * server-sent events ending with `data: [DONE]` (services/gateway/src/routing/stream-relay.ts);
 * `onText` gets each piece as it arrives. Resolves with the whole answer.
 */
export async function streamChat(messages: ChatMessage[], onText: (piece: string) => void, signal?: AbortSignal): Promise<string> {
  const response = await request('POST', '/api/chat', { messages, stream: true }, signal);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  let answer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return answer;
    for (const { data } of parser.push(value)) {
      if (data === '[DONE]') return answer;
      const { text, error } = readChunk(data);
      if (error) throw new Error(error);
      if (text) {
        answer += text;
        onText(text);
      }
    }
  }
}
