import { Injectable, Logger } from '@nestjs/common';
import { In } from 'typeorm';
import { riscEventName, type RiscReceivedEvent } from '@platform/contracts';
import { Db } from '@platform/database';
import { IdpSignInBlockEntity } from '../external-sign-in/idp-sign-in-block.entity.js';
import { LinkedAccountEntity } from '../external-sign-in/linked-account.entity.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UserEntity } from '../users/user.entity.js';
import { RiscEventEntity } from './risc-event.entity.js';

interface EventSubject {
  sub?: string;
  email?: string;
}

/**
 * platform-core section 6, one action per event type, for the users the event names: by the
 * provider's subject (linked accounts) or by email; the legacy endpoint's by email only.
 * Applying an event twice is harmless, so a redelivery after a crash does no damage.
 */
@Injectable()
export class RiscActions {
  private readonly logger = new Logger('RISC');

  constructor(private readonly db: Db, private readonly sessions: SessionsService) {}

  async apply(event: RiscReceivedEvent): Promise<void> {
    for (const [type, data] of Object.entries(event.events)) {
      const name = riscEventName(type);
      const subject = subjectOf(data);
      const users = name && name !== 'verification' ? await this.usersOf(subject, event.legacy) : [];
      this.logger.log({ jti: event.jti, type, users: users.length, reason: data?.reason }, `Security event ${name ?? type}`);
      for (const userId of users) await this.act(name!, userId, data);
    }
    await this.db.asSystem((manager) => manager.getRepository(RiscEventEntity).update({ jti: event.jti }, { processedAt: new Date() }));
  }

  private async act(name: string, userId: string, data: Record<string, unknown>): Promise<void> {
    switch (name) {
      case 'account-disabled':
        if (data.reason === 'hijacking') {
          await this.db.asSystem((manager) => manager.getRepository(IdpSignInBlockEntity).upsert({ userId, reason: 'hijacking' }, ['userId']));
        }
        return this.sessions.revokeAll(userId, 'risc_account_disabled');
      case 'account-enabled':
        await this.db.asSystem((manager) => manager.getRepository(IdpSignInBlockEntity).delete({ userId }));
        return;
      case 'sessions-revoked':
        return this.sessions.revokeAll(userId, 'risc_sessions_revoked');
      case 'tokens-revoked':
        await this.db.asSystem((manager) => manager.getRepository(LinkedAccountEntity).update({ userId, provider: 'idp' }, { refreshTokenSealed: null }));
        return this.sessions.revokeAll(userId, 'risc_tokens_revoked');
      default:
        // account-credential-change-required: logged above, no automated action.
        return;
    }
  }

  private async usersOf(subject: EventSubject, legacy: boolean): Promise<string[]> {
    return this.db.asSystem(async (manager) => {
      const ids = new Set<string>();
      if (subject.sub && !legacy) {
        const links = await manager.getRepository(LinkedAccountEntity).findBy({ provider: 'idp', subject: subject.sub });
        for (const link of links) ids.add(link.userId);
      }
      if (subject.email) {
        const email = subject.email.trim().toLowerCase();
        const users = await manager.getRepository(UserEntity).find({ where: { email }, select: { id: true } });
        for (const user of users) ids.add(user.id);
        const links = await manager.getRepository(LinkedAccountEntity).findBy({ provider: 'idp', email: In([email]) });
        for (const link of links) ids.add(link.userId);
      }
      return [...ids];
    });
  }
}

/** The event's subject: `subject` (iss-sub or email form), or top-level `sub`/`email` as older senders put them. */
function subjectOf(data: Record<string, unknown> | undefined): EventSubject {
  const nested = (data?.subject ?? {}) as Record<string, unknown>;
  const pick = (key: string): string | undefined => {
    const value = nested[key] ?? data?.[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  return { sub: pick('sub'), email: pick('email') };
}
