import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { IsNull, MoreThan } from 'typeorm';
import {
  ApiError, credentialDigest, IDENTITY_MESSAGES as M, QUEUES, type OkReply, type ResetLinkSentView, type ResetPasswordDto,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { QueueFactory } from '@platform/queue';
import { Clock } from '../clock.js';
import { IDENTITY_ENV } from '../identity.tokens.js';
import type { IdentityEnv } from '../identity.env.js';
import { Mailer } from '../mail/mailer.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UserEntity } from '../users/user.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordResetEntity } from './password-reset.entity.js';

const RESET_TTL_MS = 60 * 60 * 1000;

@Injectable()
export class PasswordResetService {
  constructor(
    private readonly db: Db,
    private readonly queues: QueueFactory,
    private readonly mailer: Mailer,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly clock: Clock,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {}

  /** Same reply, same work on the request path, whether or not the email has an account. */
  async requestReset(email: string): Promise<ResetLinkSentView> {
    await this.queues.add(QUEUES.identityMail, { email: email.trim().toLowerCase() });
    return { ok: true, message: M.resetLinkSent };
  }

  /** The job: only the digest of the single-use token is stored; the token itself goes by mail. */
  async sendResetLink(email: string): Promise<void> {
    const user = await this.db.asSystem((manager) => manager.getRepository(UserEntity).findOneBy({ email }));
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.db.withUser(user.id, (manager) => manager.getRepository(PasswordResetEntity).insert({
      userId: user.id,
      tokenDigest: credentialDigest(token),
      expiresAt: new Date(this.clock.now().getTime() + RESET_TTL_MS),
      usedAt: null,
    }));
    // Appended, not resolved: `new URL('/reset-password', APP_URL)` would drop a path APP_URL has.
    const link = new URL(`${this.env.APP_URL.replace(/\/+$/, '')}/reset-password`);
    link.searchParams.set('token', token);
    await this.mailer.sendResetLink(user.email, user.name, link.toString());
  }

  /**
   * Single use: the token is spent by a conditional update, so two racing resets cannot both pass;
   * the user's other outstanding tokens are spent with it.
   */
  async reset(dto: ResetPasswordDto): Promise<OkReply> {
    const passwordHash = await this.hasher.hash(dto.password);
    const userId = await this.db.asSystem(async (manager) => {
      const resets = manager.getRepository(PasswordResetEntity);
      const now = this.clock.now();
      const reset = await resets.findOneBy({ tokenDigest: credentialDigest(dto.token), usedAt: IsNull(), expiresAt: MoreThan(now) });
      if (!reset) return null;
      const spent = await resets.update({ id: reset.id, usedAt: IsNull() }, { usedAt: now });
      if (!spent.affected) return null;
      // The user's other unused links die with this one: an old mail must not undo the new password.
      await resets.update({ userId: reset.userId, usedAt: IsNull() }, { usedAt: now });
      await manager.getRepository(UserEntity).update({ id: reset.userId }, { passwordHash });
      return reset.userId;
    });
    if (!userId) throw new ApiError(400, M.resetTokenInvalid);
    await this.sessions.revokeAll(userId, 'password_reset');
    return { ok: true };
  }
}
