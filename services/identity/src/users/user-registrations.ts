import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { EVENTS } from '@platform/contracts';
import { Outbox } from '@platform/messaging';
import { newReferralCode } from './referral-code.js';
import { UserEntity } from './user.entity.js';

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  referrer?: UserEntity | null;
}

/**
 * Every way of signing up ends here (password, identity provider, code host, wallet): the user and
 * its `user_registered` event commit together in the caller's transaction; referral credits hang on it.
 */
@Injectable()
export class UserRegistrations {
  constructor(private readonly outbox: Outbox) {}

  /** The new user, or null when a user with this email exists already (a concurrent sign-up's too). */
  async create(manager: EntityManager, fields: NewUser): Promise<UserEntity | null> {
    const { referrer, ...user } = fields;
    const inserted = await manager.createQueryBuilder().insert().into(UserEntity)
      .values({ ...user, referralCode: newReferralCode(), referredBy: referrer?.id ?? null })
      .orIgnore().returning('id').execute();
    if (!(inserted.raw as unknown[]).length) return null;
    const created = await manager.findOneByOrFail(UserEntity, { email: fields.email });
    await this.outbox.add(manager, EVENTS.identity.userRegistered, {
      eventId: randomUUID(),
      userId: created.id,
      email: created.email,
      ...(referrer ? { referrerId: referrer.id, referralCode: referrer.referralCode } : {}),
    });
    return created;
  }
}
