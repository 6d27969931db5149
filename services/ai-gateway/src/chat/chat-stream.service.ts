import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AI_MESSAGES as M, streamStarted, type AuthContext, type ChatRequestDto, type Reply } from '@platform/contracts';
import { NatsStreams, type StreamProducer } from '@platform/messaging';
import type { AiAccess } from '../access/access-policy.js';
import type { FinishReason, StreamEvent } from '../providers/chat-provider.js';
import { ChatService, type AdmittedChat } from './chat.service.js';
import { CompletionChunks, streamErrorEvent } from './completion-chunks.js';
import { ModelRunner, type OpenedStream } from './model-runner.js';
import { streamedUsage, type ReportedUsage } from './streamed-usage.js';

/**
 * A chat answered as a stream of chat-completion chunks on the requester's inbox. Everything up to
 * the first piece of text is an ordinary chat (admission, reservation, fallback) and fails with an
 * ordinary error reply; after it, the reply says "stream started" and the chunks follow as the
 * vendor produces them. However the stream ends (complete, broken off, the reader gone), it is
 * billed for what was produced.
 */
@Injectable()
export class ChatStreamService {
  private readonly logger = new Logger(ChatStreamService.name);

  constructor(private readonly chats: ChatService, private readonly runner: ModelRunner, private readonly streams: NatsStreams) {}

  async start(
    caller: AuthContext, headers: Record<string, string | undefined>, access: AiAccess, dto: ChatRequestDto, inbox: string, endpoint?: string,
  ): Promise<Reply> {
    const admitted = await this.chats.admit(caller, headers, access, dto, endpoint);
    let producer: StreamProducer | undefined;
    let opened: OpenedStream;
    try {
      producer = this.streams.produce(inbox);
      opened = await this.openListening(producer, admitted);
    } catch (error) {
      producer?.close();
      await this.chats.release(admitted);
      // The reader left before the first byte: nobody reads this reply, and nothing went wrong to log.
      if (producer?.cancelled.aborted) return READER_LEFT;
      this.chats.failed(admitted, error);
      throw error;
    }
    // After this reply is on its way: relaying first would hold the reply (and so the first byte) behind every chunk the vendor has already sent.
    setImmediate(() => {
      this.relay(admitted, opened, producer, dto.stream_options?.include_usage === true)
        .catch((error: unknown) => this.logger.error({ msg: 'Relaying a streamed chat failed', userId: admitted.userId, cause: String(error) }));
    });
    return streamStarted();
  }

  /**
   * The vendor call, with the cancel subscription confirmed by the server beside it rather than
   * before it: that round trip hides behind the wait for the first text instead of adding to it. A
   * cancel the server had not heard yet is said again once the stream started (StreamConsumer.cancel).
   */
  private async openListening(producer: StreamProducer, admitted: AdmittedChat): Promise<OpenedStream> {
    const [listening, opened] = await Promise.allSettled([
      producer.ready(),
      this.runner.open(admitted.plan, admitted.request, producer.cancelled, admitted.ownKey?.key),
    ]);
    if (opened.status === 'rejected') throw opened.reason;
    if (listening.status === 'rejected') {
      await opened.value.rest.return([]);
      throw listening.reason;
    }
    return opened.value;
  }

  private async relay(admitted: AdmittedChat, opened: OpenedStream, producer: StreamProducer, includeUsage: boolean): Promise<void> {
    const chunks = new CompletionChunks(`chatcmpl-${randomUUID()}`, opened.model);
    const reported: ReportedUsage = {};
    let text = '';
    let finish: FinishReason = 'stop';
    let complete = false;
    producer.chunk(chunks.role());
    try {
      // A read's events go out without a pause between them, so NATS sends them in one socket write.
      for await (const events of withEarly(opened)) {
        for (const event of events) {
          if (event.type === 'text') {
            text += event.text;
            producer.chunk(chunks.text(event.text));
          } else if (event.type === 'usage') {
            if (event.promptTokens !== undefined) reported.promptTokens = event.promptTokens;
            if (event.completionTokens !== undefined) reported.completionTokens = event.completionTokens;
          } else if (event.type === 'finish') {
            finish = event.reason;
          } else {
            complete = true;
          }
        }
      }
    } catch (error) {
      // A reader that left gets nothing more; one still reading learns the answer broke off.
      if (!producer.cancelled.aborted) {
        this.logger.warn(`${opened.model} on ${opened.provider} failed mid-stream: ${error instanceof Error ? error.message : String(error)}`);
        producer.fail(streamErrorEvent(M.providerError));
      }
    }
    const used = streamedUsage(reported, admitted.request.messages, text, complete);
    if (complete) {
      producer.chunk(chunks.finish(finish));
      if (includeUsage) producer.chunk(chunks.usage(used));
      producer.end();
    }
    this.chats.bill(admitted, { model: opened.model, provider: opened.provider, ...used });
  }
}

const READER_LEFT: Reply = { status: 499, body: { error: 'Client closed request' } };

async function* withEarly(opened: OpenedStream): AsyncGenerator<StreamEvent[]> {
  yield opened.early;
  yield* opened.rest;
}
