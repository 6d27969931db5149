import path from 'node:path';
import type { AgentMessageDto } from '@platform/contracts';
import { JsonFile } from './json-file.js';

/**
 * Messages taken from the bus whose reply is not sent or given up yet. The delivery is acknowledged
 * before the reply is composed, so these are kept on disk: a runtime that stops in between answers
 * them when it starts again (the reply's messageId is the same, so the bus never takes two).
 */
export class PendingReplies {
  private readonly file: JsonFile<AgentMessageDto[]>;
  private messages: AgentMessageDto[] = [];

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, 'bus-pending-replies.json'), []);
  }

  async load(): Promise<AgentMessageDto[]> {
    this.messages = await this.file.read();
    return [...this.messages];
  }

  add(message: AgentMessageDto): Promise<void> {
    this.messages = [...this.messages, message];
    return this.file.write(this.messages);
  }

  remove(messageId: string): Promise<void> {
    this.messages = this.messages.filter((message) => message.messageId !== messageId);
    return this.file.write(this.messages);
  }
}
