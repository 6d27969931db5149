import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KeySpendQuery, SUBJECTS, validateAs, type KeySpendReply } from '@platform/contracts';
import { Clock } from '../clock.js';
import { KeySpendService } from './key-spend.service.js';

/** Service-to-service query: identity shows each key's spend this month (UTC) beside the key. */
@Controller()
export class KeySpendHandlers {
  constructor(private readonly spend: KeySpendService, private readonly clock: Clock) {}

  @MessagePattern(SUBJECTS.usage.keySpend)
  async keySpend(@Payload() data: unknown): Promise<KeySpendReply> {
    const { userId, keyIds } = validateAs(KeySpendQuery, data);
    const now = this.clock.now();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    return { spentMicros: await this.spend.spentMicros(userId, keyIds, monthStart), month: now.toISOString().slice(0, 7) };
  }
}
