import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { EntityManager } from 'typeorm';
import type { AuthContext, BillingAccountState } from '@platform/contracts';
import { Db } from '@platform/database';
import { PaymentProcessor } from '../processor/payment-processor.js';
import { ByokKeys } from '../byok/byok-keys.js';
import { AccountEntity } from './account.entity.js';

/** A user billing has never dealt with. */
const NO_ACCOUNT = { plan: 'free', subscriptionStatus: 'inactive', byokProvider: null, byokKey: null, credits: 0 } as const;

export type AccountView = Pick<AccountEntity, 'plan' | 'subscriptionStatus' | 'byokProvider' | 'credits'>;

@Injectable()
export class AccountsService {
  constructor(private readonly db: Db, private readonly processor: PaymentProcessor, private readonly byokKeys: ByokKeys) {}

  /** The caller's account as GET /api/billing shows it; nothing is created for a look. */
  async view(userId: string): Promise<AccountView> {
    return (await this.db.withUser(userId, (manager) => manager.findOneBy(AccountEntity, { userId }))) ?? NO_ACCOUNT;
  }

  /** The account row, created on first need; `work` runs with it locked. */
  async withAccount<T>(user: AuthContext, work: (manager: EntityManager, account: AccountEntity) => Promise<T>): Promise<T> {
    return this.db.withUser(user.userId, async (manager) => {
      await manager.createQueryBuilder().insert().into(AccountEntity)
        .values({ userId: user.userId, email: user.email })
        .orIgnore().updateEntity(false).execute();
      const account = await manager.findOne(AccountEntity, { where: { userId: user.userId }, lock: { mode: 'pessimistic_write' } });
      return work(manager, account!);
    });
  }

  /** The user's processor customer, created once and reused: the account row is locked while it is made. */
  async customerOf(user: AuthContext): Promise<string> {
    return this.withAccount(user, async (manager, account) => {
      if (account.customerId) return account.customerId;
      const customerId = await this.processor.createCustomer(user.userId, user.email);
      await manager.update(AccountEntity, { userId: user.userId }, { customerId });
      return customerId;
    });
  }

  /** What the AI layer needs before a chat (SUBJECTS.billing.account); the provider key is opened only here. */
  async state(userId: string): Promise<BillingAccountState> {
    const account = isUUID(userId) ? await this.db.asSystem((manager) => manager.findOneBy(AccountEntity, { userId })) : null;
    const { plan, subscriptionStatus, byokProvider, byokKey } = account ?? NO_ACCOUNT;
    const byok = byokProvider && byokKey ? { provider: byokProvider, apiKey: await this.byokKeys.open(userId, byokKey) } : null;
    return { plan, subscriptionStatus, byok };
  }
}
