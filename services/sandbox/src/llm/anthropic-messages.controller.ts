import { Body, Controller, Headers, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { complete } from './llm-completion.js';
import { streamMessage } from './anthropic-messages.stream.js';
import { LlmControls } from './llm-controls.service.js';
import { LlmEventStream } from './llm-event-stream.js';
import { anthropicRefusal } from './llm-parameter-rules.js';
import { readLlmRequest } from './llm-request.js';

/** The messages protocol (POST /v1/messages with x-api-key and anthropic-version), under `/anthropic`. */
@Controller('anthropic/v1')
export class AnthropicMessagesController {
  constructor(private readonly controls: LlmControls) {}

  @Post('messages')
  async messages(
    @Body() body: unknown,
    @Headers('x-api-key') apiKey: string | undefined,
    @Headers('anthropic-version') version: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    if (!apiKey) return reply.status(401).send(error('authentication_error', 'x-api-key header is required'));
    if (!version) return reply.status(400).send(error('invalid_request_error', 'anthropic-version header is required'));
    const request = readLlmRequest(body);
    if (!request?.maxTokens) return reply.status(400).send(error('invalid_request_error', 'model, messages and max_tokens are required'));
    if (request.messages.some((message) => message.role !== 'user' && message.role !== 'assistant')) {
      return reply.status(400).send(error('invalid_request_error', 'messages roles must be user or assistant; use the system field'));
    }
    const refusal = anthropicRefusal(request);
    if (refusal) return reply.status(400).send(error('invalid_request_error', refusal));
    const answered = this.controls.record({ vendor: 'anthropic', model: request.model, maxTokens: request.maxTokens, apiKey, stream: request.stream }, reply.raw);
    const outcome = await this.controls.apply(request.model, reply.raw);
    if (outcome.kind === 'gone') return reply;
    reply.raw.once('finish', answered);
    if (outcome.kind === 'fail') return reply.status(outcome.status).send(error('api_error', `sandbox failure for ${request.model}`));
    const messages = request.system ? [{ role: 'system', content: request.system }, ...request.messages] : request.messages;
    const result = complete(request.model, messages, request.maxTokens);
    if (request.stream) {
      reply.hijack();
      return streamMessage(new LlmEventStream(reply.raw), request.model, result, this.controls);
    }
    return reply.status(200).send({
      id: `msg_${randomUUID().replaceAll('-', '')}`,
      type: 'message',
      role: 'assistant',
      model: request.model,
      content: [{ type: 'text', text: result.text }],
      stop_reason: result.truncated ? 'max_tokens' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: result.promptTokens, output_tokens: result.completionTokens },
    });
  }
}

function error(type: string, message: string) {
  return { type: 'error', error: { type, message } };
}
