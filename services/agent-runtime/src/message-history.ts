import path from 'node:path';
import { JsonFile } from './json-file.js';

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
  at: string;
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

  async append(...messages: Array<Omit<HistoryMessage, 'at'>>): Promise<void> {
    const at = new Date().toISOString();
    this.messages = [...this.messages, ...messages.map((message) => ({ ...message, at }))].slice(-this.max);
    await this.file.write(this.messages);
  }
}
