import { BadRequestException, Controller, Delete, Get, Query } from '@nestjs/common';
import type { CaughtMail } from './caught-mail.model.js';
import { MailStore } from './mail-store.service.js';

@Controller('mail/messages')
export class MailController {
  constructor(private readonly store: MailStore) {}

  @Get()
  list(@Query('to') to?: string | string[]): { messages: CaughtMail[] } {
    // A repeated ?to= would otherwise be silently ignored and hand a test every message.
    if (Array.isArray(to)) throw new BadRequestException('to may be given once');
    return { messages: this.store.list(to) };
  }

  @Delete()
  clear(): { ok: true } {
    this.store.clear();
    return { ok: true };
  }
}
