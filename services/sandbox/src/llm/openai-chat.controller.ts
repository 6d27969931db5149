import { Body, Controller, Headers, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { complete } from './llm-completion.js';
import { LlmControls } from './llm-controls.service.js';
import { LlmEventStream } from './llm-event-stream.js';
import { streamChatCompletion } from './openai-chat.stream.js';
import { openAiRefusal } from './llm-parameter-rules.js';
import { readLlmRequest } from './llm-request.js';

/** Without max_tokens the protocol lets the model run on; the sandbox stops here. */
const UNBOUNDED_MAX_TOKENS = 4096;

/**
 * The chat-completions protocol (POST {base}/chat/completions, Authorization: Bearer), served under
 * two bases: the aggregator's (`/openrouter/api/v1`) and OpenAI's (`/openai/v1`).
 */
@Controller()
export class OpenAiChatController {
  constructor(private readonly controls: LlmControls) {}

  @Post('openrouter/api/v1/chat/completions')
  aggregator(@Body() body: unknown, @Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply) {
    return this.answer('openrouter', body, authorization, reply);
  }

  @Post('openai/v1/chat/completions')
  openai(@Body() body: unknown, @Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply) {
    return this.answer('openai', body, authorization, reply);
  }

  private async answer(vendor: 'openrouter' | 'openai', body: unknown, authorization: string | undefined, reply: FastifyReply) {
    const apiKey = /^Bearer\s+(\S+)/i.exec(authorization ?? '')?.[1];
    if (!apiKey) return reply.status(401).send(error('Missing bearer API key', 'invalid_request_error'));
    const request = readLlmRequest(body);
    if (!request) return reply.status(400).send(error('model and a non-empty messages array are required', 'invalid_request_error'));
    const refusal = vendor === 'openai' ? openAiRefusal(request) : null;
    if (refusal) return reply.status(400).send(error(refusal.message, 'invalid_request_error', refusal.param, refusal.code));
    const maxTokens = request.maxCompletionTokens ?? request.maxTokens;
    const answered = this.controls.record({ vendor, model: request.model, maxTokens, apiKey, stream: request.stream }, reply.raw);
    const outcome = await this.controls.apply(request.model, reply.raw);
    if (outcome.kind === 'gone') return reply;
    reply.raw.once('finish', answered);
    if (outcome.kind === 'fail') return reply.status(outcome.status).send(error(`sandbox failure for ${request.model}`, 'server_error'));
    const result = complete(request.model, request.messages, maxTokens ?? UNBOUNDED_MAX_TOKENS);
    if (request.stream) {
      reply.hijack();
      return streamChatCompletion(new LlmEventStream(reply.raw), request.model, result, request.includeUsage, this.controls);
    }
    return reply.status(200).send({
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      choices: [{ index: 0, message: { role: 'assistant', content: result.text }, finish_reason: result.truncated ? 'length' : 'stop' }],
      usage: {
        prompt_tokens: result.promptTokens,
        completion_tokens: result.completionTokens,
        total_tokens: result.promptTokens + result.completionTokens,
      },
    });
  }
}

function error(message: string, type: string, param: string | null = null, code: string | null = null) {
  return { error: { message, type, param, code } };
}
