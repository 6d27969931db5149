import { Inject, Injectable } from '@nestjs/common';
import { IsNull, LessThanOrEqual } from 'typeorm';
import {
  ApiError, IDENTITY_MESSAGES as M, isAdminEmail, type ChangePasswordDto, type OkReply, type PlanChangedEvent, type ProfileView,
  type RegisterDto, type RegisteredUserView, type UpdateProfileDto,
} from '@platform/contracts';
import { Db } from '@platform/database';
import { Outbox } from '@platform/messaging';
import { BotCheck } from '../bot-check/bot-check.service.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { IDENTITY_ENV } from '../identity.tokens.js';
import type { IdentityEnv } from '../identity.env.js';
import { UserEntity } from './user.entity.js';
import { UserRegistrations } from './user-registrations.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly hasher: PasswordHasher,
    private readonly botCheck: BotCheck,
    private readonly sessions: SessionsService,
    private readonly outbox: Outbox,
    private readonly registrations: UserRegistrations,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {}

  async register(dto: RegisterDto, ip: string): Promise<RegisteredUserView> {
    await this.botCheck.verify(dto, ip);
    const email = dto.email.trim().toLowerCase();
    const passwordHash = await this.hasher.hash(dto.password);
    const user = await this.db.asSystem(async (manager) => {
      const users = manager.getRepository(UserEntity);
      const referrer = dto.referralCode
        ? await users.findOneBy({ referralCode: dto.referralCode.toUpperCase() })
        : null;
      if (dto.referralCode && !referrer) throw new ApiError(400, M.invalidReferralCode);
      const created = await this.registrations.create(manager, { email, name: dto.name?.trim() || email, passwordHash, referrer });
      if (!created) throw new ApiError(409, M.userExists);
      return created;
    });
    void this.outbox.flush();
    return { id: user.id, email: user.email, name: user.name };
  }

  async profile(userId: string): Promise<ProfileView> {
    const user = await this.db.withUser(userId, (manager) => manager.getRepository(UserEntity).findOneByOrFail({ id: userId }));
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: isAdminEmail(this.env.ADMIN_EMAILS, user.email),
      plan: user.plan,
      subscriptionStatus: user.subscriptionStatus,
      referralCode: user.referralCode,
      createdAt: user.createdAt.toISOString(),
    };
  }

  async updateProfile(userId: string, dto: UpdateProfileDto): Promise<ProfileView> {
    const name = dto.name.trim();
    await this.db.withUser(userId, (manager) => manager.getRepository(UserEntity).update({ id: userId }, { name }));
    await this.sessions.announceRevocation(userId, 'profile_updated');
    return this.profile(userId);
  }

  /** Ends every other session of the user; the one that asked stays signed in. */
  async changePassword(userId: string, currentSessionDigest: string | undefined, dto: ChangePasswordDto): Promise<OkReply> {
    const user = await this.db.withUser(userId, (manager) => manager.getRepository(UserEntity).findOneByOrFail({ id: userId }));
    if (!(await this.hasher.verify(dto.currentPassword, user.passwordHash))) {
      throw new ApiError(400, M.currentPasswordWrong);
    }
    const passwordHash = await this.hasher.hash(dto.newPassword);
    await this.db.withUser(userId, (manager) => manager.getRepository(UserEntity).update({ id: userId }, { passwordHash }));
    await this.sessions.revokeAll(userId, 'password_changed', currentSessionDigest);
    return { ok: true };
  }

  /**
   * Durable plan changes from billing. Applying one twice is harmless, and one older than the
   * change already applied is ignored, so redelivery and reordering cannot bring an old plan back.
   */
  async applyPlanChange(event: PlanChangedEvent): Promise<void> {
    const occurredAt = new Date(event.occurredAt);
    const result = await this.db.asSystem((manager) => manager.getRepository(UserEntity).update(
      [{ id: event.userId, planChangedAt: IsNull() }, { id: event.userId, planChangedAt: LessThanOrEqual(occurredAt) }],
      { plan: event.plan, subscriptionStatus: event.subscriptionStatus, planChangedAt: occurredAt },
    ));
    if (result.affected) await this.sessions.announceRevocation(event.userId, 'plan_changed');
  }
}
