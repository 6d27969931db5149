import { randomUUID } from 'node:crypto';
import type { LlmCompletion } from './llm-completion.js';
import type { LlmControls } from './llm-controls.service.js';
import { LlmEventStream } from './llm-event-stream.js';

/**
 * A message streamed as the messages protocol does: message_start (with the input tokens),
 * content_block_start, a content_block_delta per piece of text, content_block_stop, message_delta
 * (stop reason and output tokens), message_stop. Broken off by a control, it sends an `error` event.
 */
export async function streamMessage(stream: LlmEventStream, model: string, result: LlmCompletion, controls: LlmControls): Promise<void> {
  const message = {
    id: `msg_${randomUUID().replaceAll('-', '')}`, type: 'message', role: 'assistant', model, content: [],
    stop_reason: null, stop_sequence: null, usage: { input_tokens: result.promptTokens, output_tokens: 1 },
  };
  const send = (type: string, body: object = {}) => stream.send({ type, ...body }, type);
  send('message_start', { message });
  send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  send('ping');
  const outcome = await stream.pieces(result.text, model, controls, (text) => send('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }));
  if (outcome === 'fail') {
    send('error', { error: { type: 'overloaded_error', message: `sandbox failure mid-stream for ${model}` } });
  } else if (outcome === 'done') {
    send('content_block_stop', { index: 0 });
    send('message_delta', {
      delta: { stop_reason: result.truncated ? 'max_tokens' : 'end_turn', stop_sequence: null }, usage: { output_tokens: result.completionTokens },
    });
    send('message_stop');
  }
  stream.end();
}
