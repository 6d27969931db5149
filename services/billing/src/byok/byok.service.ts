import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { BILLING_MESSAGES as M, EVENTS, type AiProvider, type AuthContext, type EnableByokDto } from '@platform/contracts';
import { Outbox } from '@platform/messaging';
import { AccountEntity } from '../accounts/account.entity.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { ByokKeys } from './byok-keys.js';

/** Bring-your-own-key: while on, the AI layer sends the user's calls to their provider with their key. */
@Injectable()
export class ByokService {
  constructor(private readonly accounts: AccountsService, private readonly keys: ByokKeys, private readonly outbox: Outbox) {}

  async enable(user: AuthContext, request: EnableByokDto): Promise<{ success: true; message: string }> {
    await this.store(user, request.provider, await this.keys.seal(user.userId, request.apiKey.trim()));
    return { success: true, message: M.byokEnabled };
  }

  async disable(user: AuthContext): Promise<{ success: true; message: string }> {
    await this.store(user, null, null);
    return { success: true, message: M.byokDisabled };
  }

  /** The change and its announcement commit together: the AI layer forgets the user's state as soon as it holds. */
  private async store(user: AuthContext, byokProvider: AiProvider | null, byokKey: string | null): Promise<void> {
    await this.accounts.withAccount(user, async (manager: EntityManager) => {
      await manager.update(AccountEntity, { userId: user.userId }, { byokProvider, byokKey });
      await this.outbox.add(manager, EVENTS.billing.accountChanged, { eventId: randomUUID(), userId: user.userId, occurredAt: new Date().toISOString() });
    });
    void this.outbox.flush();
  }
}
