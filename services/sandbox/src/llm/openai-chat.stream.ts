import { randomUUID } from 'node:crypto';
import type { LlmCompletion } from './llm-completion.js';
import type { LlmControls } from './llm-controls.service.js';
import { LlmEventStream } from './llm-event-stream.js';

/**
 * A chat completion streamed as the protocol does: a role chunk, a chunk per piece of text, a
 * chunk with the finish reason, a usage chunk (empty choices) when stream_options.include_usage,
 * then `data: [DONE]`. Broken off by a control, it sends the protocol's error object and ends
 * without [DONE].
 */
export async function streamChatCompletion(
  stream: LlmEventStream, model: string, result: LlmCompletion, includeUsage: boolean, controls: LlmControls,
): Promise<void> {
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (choices: unknown[], usage?: unknown) =>
    ({ id, object: 'chat.completion.chunk', created, model, choices, ...(includeUsage ? { usage: usage ?? null } : {}) });
  const delta = (content: object, finishReason: string | null = null) => chunk([{ index: 0, delta: content, finish_reason: finishReason }]);
  stream.send(delta({ role: 'assistant', content: '' }));
  const outcome = await stream.pieces(result.text, model, controls, (text) => stream.send(delta({ content: text })));
  if (outcome === 'fail') {
    stream.send({ error: { message: `sandbox failure mid-stream for ${model}`, type: 'server_error', param: null, code: null } });
  } else if (outcome === 'done') {
    stream.send(delta({}, result.truncated ? 'length' : 'stop'));
    if (includeUsage) {
      const usage = { prompt_tokens: result.promptTokens, completion_tokens: result.completionTokens, total_tokens: result.promptTokens + result.completionTokens };
      stream.send(chunk([], usage));
    }
    stream.send('[DONE]');
  }
  stream.end();
}
