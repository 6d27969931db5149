import { Injectable } from '@nestjs/common';
import type { CaughtMail } from './caught-mail.model.js';

/** Bounded so a long dev session or a load test cannot grow the sandbox without limit. */
export const MAIL_STORE_CAPACITY = 1000;

@Injectable()
export class MailStore {
  private messages: CaughtMail[] = [];

  add(mail: CaughtMail): void {
    this.messages.unshift(mail);
    if (this.messages.length > MAIL_STORE_CAPACITY) this.messages.length = MAIL_STORE_CAPACITY;
  }

  /** Newest first. */
  list(to?: string): CaughtMail[] {
    if (to === undefined) return [...this.messages];
    const wanted = to.toLowerCase();
    return this.messages.filter((mail) => mail.to.some((address) => address.toLowerCase() === wanted));
  }

  clear(): void {
    this.messages = [];
  }
}
