import path from 'node:path';
import type { BusHistoryFields } from '@platform/contracts';
import { JsonFile } from './json-file.js';

/** A bus message the agent received is a `user` entry, one it sent an `assistant` entry. */
export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
  at: string;
  bus?: BusHistoryFields;
}

/** The conversation, newest last, capped at the config's maxHistory. */
export class MessageHistory {
  private readonly file: JsonFile<HistoryMessage[]>;
  private messages: HistoryMessage[] = [];

  constructor(dataDir: string, private readonly max: number) {
    this.file = new JsonFile(path.join(dataDir, 'history.json'), []);
  }

  async load(): Promise<void> {
    this.messages = (await this.file.read()).slice(-this.max);
  }

  all(): HistoryMessage[] {
    return [...this.messages];
  }

  /** The messageIds of the bus messages still held, received or sent. */
  busMessageIds(): string[] {
    return this.messages.flatMap((message) => (message.bus ? [message.bus.messageId] : []));
  }

  async append(...messages: Array<Omit<HistoryMessage, 'at'>>): Promise<void> {
    const at = new Date().toISOString();
    this.messages = [...this.messages, ...messages.map((message) => ({ ...message, at }))].slice(-this.max);
    await this.file.write(this.messages);
  }
}
